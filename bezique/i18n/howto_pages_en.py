"""How to play, the variant pages in English: ``PAGES[variant]`` = [(section id, title, paragraphs)].

Each number is a ``{field}`` of ``howto_variants.rule_figures`` (the variant's rules); never write one out. Sections
"melds", "bezique" and "scores" get their card rows from the rules.
"""

PAGES: dict[str, list[tuple[str, str, list[str]]]] = {
    "open": [
        ("changes", "What changes", [
            "Open Bezique is the two-handed game with every hand face up: you see your opponent's cards and your "
            "opponent sees yours. The stock and the tricks already won stay hidden.",
            "Everything else is the two-handed game: the same {cards} cards, the same melds and points, the same "
            "target of {target_score}. It is the way to learn: watch which melds the other side is building and "
            "why a card is kept back.",
        ]),
    ],
    "three_handed": [
        ("changes", "What changes", [
            "Three players, each for themselves, with {packs} packs shuffled together: {cards} cards, each card "
            "{packs} times. Each player is dealt {hand_size} cards; card {turn_up} is the turn-up, and the stock "
            "holds {stock_size} cards with it.",
            "The deal passes to the left, and the player on the dealer's left leads. Play goes clockwise; the "
            "trick winner melds, draws first and leads, the others draw after in turn.",
            "After trick {last_stock_trick} the stock is out: the winner takes the top card, the next player the "
            "second, and the third player takes the turn-up. The last {hand_size} tricks follow as in the "
            "two-handed game: follow suit, else trump.",
        ]),
        ("melds", "The extra meld", [
            "Three beziques can meet: three queens of spades and three jacks of diamonds make the triple bezique. "
            "Like the double, it is declared all at once, with cards that never formed a bezique.",
        ]),
        ("winning", "Winning", [
            "The first to {target_score} wins, as in the two-handed game; New game also offers the long game to "
            "{long_target}. The brisques of the {cards} cards are worth {brisque_points} in all.",
        ]),
    ],
    "four_handed": [
        ("changes", "What changes", [
            "Four players with {packs} packs: {cards} cards, {hand_size} each; card {turn_up} is the turn-up and "
            "the stock holds {stock_size} cards. Play and draws go clockwise from the dealer's left.",
            "After trick {last_stock_trick} the winner takes the top card, the next two players the next two, and "
            "the fourth takes the turn-up. The triple bezique scores as in three-handed.",
        ]),
        ("partners", "Partners", [
            "In the partnership game the partners sit opposite, seats one and three against two and four, and "
            "every point a player scores goes to the side.",
            "The winner of a trick may declare, or pass the declaration to the partner with the Pass to "
            "button, as the first thing after winning. The partner then melds, or not, and the pass cannot be "
            "taken back. A side still declares at most one meld per trick.",
            "A meld may use cards lying on the partner's table, with at least one card from the declarer's own "
            "hand; each card stays its owner's, and only the owner plays it. A double or triple bezique must be "
            "all one player's cards. Partners may not talk about their cards, and the computer never does.",
        ]),
        ("alone", "Each for themselves", [
            "Chosen in New game under Sides, each of the four scores alone: the three-handed rules with one more "
            "player. The first to {target_score} wins.",
        ]),
        ("melds", "The extra meld", [
            "The same melds as three-handed, the triple bezique included:",
        ]),
    ],
    "six_handed": [
        ("changes", "What changes", [
            "Six players with {packs} packs: {cards} cards, {hand_size} each; card {turn_up} is the turn-up and "
            "the stock holds {stock_size} cards. After trick {last_stock_trick} the winner takes the top card, "
            "the next four players one each, and the sixth takes the turn-up.",
            "The game has no traditional source: this program plays the four-handed partnership rules with two "
            "teams of three.",
        ]),
        ("partners", "Two teams of three", [
            "The teams sit in alternate seats, one, three and five against two, four and six, and share their "
            "points. The winner of a trick may pass the declaration to either teammate, and a meld may use cards "
            "on any teammate's table, with one card at least from the declarer's hand.",
            "A double or triple bezique is one player's cards; only a card's owner plays it. The first team to "
            "{target_score} wins.",
        ]),
        ("melds", "The extra meld", [
            "The triple bezique, as in three- and four-handed:",
        ]),
    ],
    "rubicon": [
        ("changes", "What changes", [
            "Rubicon is the classic game of the London clubs: two players, {packs} packs ({cards} cards), "
            "{hand_size} cards each, dealt in threes. There is no turn-up: all {stock_size} other cards are the "
            "stock.",
            "There are {last_stock_trick} tricks with a stock, then {hand_size} last tricks. The seven of trumps "
            "is worth nothing.",
        ]),
        ("trumps", "Trumps come later", [
            "At first there are no trumps, and a trick goes to the highest card of the suit led. The first "
            "marriage declared, in any suit, makes that suit trumps and scores as a royal marriage. A sequence "
            "declared before any marriage sets trumps too.",
            "A bezique and the fours of a kind may be declared before trumps are set.",
        ]),
        ("scores", "Carte blanche and the last trick", [
            "Dealt a hand without a king, queen or jack, you score carte blanche at once, before the first lead, "
            "and show the hand. Each card you draw after that scores it again while it is no king, queen or jack; "
            "the first court card ends it.",
            "The last trick is worth {last_trick_bonus}. In the last tricks you must follow suit and head the "
            "trick if you can, else trump.",
        ]),
        ("melds", "The melds", [
            "A meld may be made of cards all on the table, and a meld may be formed again once one of its cards "
            "has been played: four queens scored, a queen played, three left and a fresh queen score again.",
            "Beziques build up: a single, then a fresh pair for the double, then the triple, then the quadruple, "
            "each scoring its full value. Four of a kind in trumps score nothing extra. Besides the two-handed "
            "melds (spades trumps here):",
        ]),
        ("settlement", "How a deal is settled", [
            "Each deal is a game of its own. The brisques are counted only when the two totals are equal or when "
            "the lower is under {rubicon_threshold}; then both players count theirs. The higher total wins the "
            "deal; both totals are then rounded down to a multiple of {round_scores_down_to}.",
            "The winner gains the difference plus {game_bonus}. A loser under {rubicon_threshold} is rubiconed: "
            "the winner gains both totals without brisques plus {rubicon_gain} ({game_bonus} for the game, "
            "{rubicon_extra_bonus} for the rubicon, {rubicon_brisque_bonus} for all the brisques).",
            "For example, {normal_w} against {normal_l}: the winner gains {normal_ex_gain}. {rubicon_w} against "
            "{rubicon_l}, brisques included: the loser is rubiconed and the winner gains {rubicon_ex_gain}. A "
            "match goes to the first to {match_target}.",
        ]),
    ],
    "chinese": [
        ("changes", "What changes", [
            "Chinese Bezique is played with {packs} packs ({cards} cards) by two players, {hand_size} cards each. "
            "As in Rubicon there is no turn-up, the first marriage or sequence sets trumps, the seven of trumps "
            "is worth nothing and the last tricks must follow and head the trick.",
            "The stock holds {stock_size} cards: {last_stock_trick} tricks, then {hand_size} last ones. The "
            "brisques are never counted.",
        ]),
        ("bezique", "The bezique follows trumps", [
            "The bezique is the queen of trumps with the jack of its partner suit: spades go with diamonds, "
            "hearts with clubs. No bezique may be declared before trumps are set.",
        ]),
        ("melds", "The big melds", [
            "Melds build up and are formed again as in Rubicon, up to the quintuple bezique. Four aces, tens, "
            "kings, queens or jacks all of trumps score far more than any four. With diamonds as trumps:",
        ]),
        ("scores", "Carte blanche and the last trick", [
            "Carte blanche scores as in Rubicon, each time worth {carte_blanche_value}; the last trick is worth "
            "{last_trick_bonus}.",
        ]),
        ("settlement", "How a deal is settled", [
            "As in Rubicon, but without brisques: the higher total wins and gains the "
            "difference plus {game_bonus}. A loser under {rubicon_threshold} is rubiconed: the winner gains both "
            "totals plus {rubicon_gain}.",
            "For example, {normal_w} against {normal_l}: the winner gains {normal_ex_gain}; {rubicon_w} against "
            "{rubicon_l}: the winner gains {rubicon_ex_gain}. A match goes to the first to {match_target}.",
        ]),
    ],
}
