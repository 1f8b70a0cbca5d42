"""Règles du jeu, les pages des variantes en français : ``PAGES[variante]`` = [(section, titre, paragraphes)].

Chaque nombre est un ``{champ}`` de ``howto_variants.rule_figures`` (les règles de la variante) : n'en écrivez
aucun. Les sections "melds", "bezique" et "scores" reçoivent leurs rangées de cartes des règles. Espaces simples
devant ``: ; ! ?`` : ``typeset`` les rend insécables.
"""

PAGES: dict[str, list[tuple[str, str, list[str]]]] = {
    "open": [
        ("changes", "Ce qui change", [
            "Le bésigue à découvert est le jeu à deux, toutes les mains visibles : vous voyez les cartes de "
            "l’adversaire et il voit les vôtres. Le talon et les plis déjà gagnés restent cachés.",
            "Tout le reste est le jeu à deux : les mêmes {cards} cartes, les mêmes combinaisons et les mêmes "
            "points, le même objectif de {target_score}. C’est la façon d’apprendre : voyez quelles combinaisons "
            "l’autre prépare, et pourquoi une carte est gardée.",
        ]),
    ],
    "three_handed": [
        ("changes", "Ce qui change", [
            "Trois joueurs, chacun pour soi, avec {packs} jeux mêlés ensemble : {cards} cartes, chacune {packs} "
            "fois. Chacun reçoit {hand_size} cartes ; la carte numéro {turn_up} est la retourne, et le talon en "
            "compte {stock_size} avec elle.",
            "La donne passe à gauche, et le joueur à la gauche du donneur entame. On joue dans le sens des "
            "aiguilles d’une montre ; le gagnant du pli annonce, pioche le premier et entame, les autres piochent "
            "ensuite, chacun son tour.",
            "Après le pli {last_stock_trick}, le talon est épuisé : le gagnant prend la carte du dessus, le "
            "joueur suivant la deuxième, et le troisième prend la retourne. Les {hand_size} derniers plis se "
            "jouent comme à deux : fournir, sinon couper.",
        ]),
        ("melds", "La combinaison de plus", [
            "Trois bésigues peuvent se rencontrer : trois dames de pique et trois valets de carreau font le "
            "triple bésigue. Comme le double, il s’annonce en une seule fois, avec des cartes qui n’ont jamais "
            "formé de bésigue.",
        ]),
        ("winning", "La victoire", [
            "Le premier à {target_score} gagne, comme à deux ; Nouvelle partie propose aussi la partie longue en "
            "{long_target}. Les brisques des {cards} cartes valent en tout {brisque_points}.",
        ]),
    ],
    "four_handed": [
        ("changes", "Ce qui change", [
            "Quatre joueurs avec {packs} jeux : {cards} cartes, {hand_size} chacun ; la carte numéro {turn_up} "
            "est la retourne et le talon en compte {stock_size}. On joue et l’on pioche dans le sens des "
            "aiguilles d’une montre, en partant de la gauche du donneur.",
            "Après le pli {last_stock_trick}, le gagnant prend la carte du dessus, les deux joueurs suivants les "
            "deux suivantes, et le quatrième prend la retourne. Le triple bésigue compte comme à trois.",
        ]),
        ("partners", "Les partenaires", [
            "Dans le jeu à deux contre deux, les partenaires se font face, les places un et trois contre deux et "
            "quatre, et chaque point d’un joueur va à son camp.",
            "Le gagnant d’un pli peut annoncer, ou laisser l’annonce à son partenaire avec le bouton Laisser à, "
            "tout de suite après le pli. Le partenaire annonce alors, ou non, et l’on ne revient pas sur ce choix. "
            "Un camp n’annonce toujours qu’une combinaison par pli.",
            "Une combinaison peut prendre des cartes posées sur la table du partenaire, avec au moins une carte de "
            "la main de celui qui annonce ; chaque carte reste à son propriétaire, qui seul la joue. Un double ou "
            "triple bésigue doit être tout entier d’un seul joueur. Les partenaires ne parlent pas de leurs "
            "cartes, et l’ordinateur non plus.",
        ]),
        ("alone", "Chacun pour soi", [
            "Choisi dans Nouvelle partie, à la ligne Camps, chacun des quatre marque seul : les règles du jeu à "
            "trois avec un joueur de plus. Le premier à {target_score} gagne.",
        ]),
        ("melds", "La combinaison de plus", [
            "Les mêmes combinaisons qu’à trois, triple bésigue compris :",
        ]),
    ],
    "six_handed": [
        ("changes", "Ce qui change", [
            "Six joueurs avec {packs} jeux : {cards} cartes, {hand_size} chacun ; la carte numéro {turn_up} est "
            "la retourne et le talon en compte {stock_size}. Après le pli {last_stock_trick}, le gagnant prend la "
            "carte du dessus, les quatre suivants une chacun, et le sixième prend la retourne.",
            "Ce jeu n’a pas de source traditionnelle : ce programme suit les règles du jeu à quatre en "
            "partenaires, avec deux camps de trois.",
        ]),
        ("partners", "Deux camps de trois", [
            "Les camps occupent les places en alternance, un, trois et cinq contre deux, quatre et six, et "
            "partagent leurs points. Le gagnant d’un pli peut laisser l’annonce à l’un ou l’autre de ses "
            "partenaires, et une combinaison peut prendre des cartes sur la table de n’importe quel partenaire, "
            "avec au moins une carte de la main de celui qui annonce.",
            "Un double ou triple bésigue est d’un seul joueur ; seul le propriétaire d’une carte la joue. Le "
            "premier camp à {target_score} gagne.",
        ]),
        ("melds", "La combinaison de plus", [
            "Le triple bésigue, comme à trois et à quatre :",
        ]),
    ],
    "rubicon": [
        ("changes", "Ce qui change", [
            "Le rubicon est le jeu classique des clubs de Londres : deux joueurs, {packs} jeux ({cards} cartes), "
            "{hand_size} cartes chacun, données par trois. Il n’y a pas de retourne : les {stock_size} autres "
            "cartes forment le talon.",
            "On joue {last_stock_trick} plis avec le talon, puis les {hand_size} derniers. Le sept d’atout ne "
            "vaut rien.",
        ]),
        ("trumps", "L’atout vient plus tard", [
            "Au début il n’y a pas d’atout, et le pli revient à la plus forte carte de la couleur entamée. Le "
            "premier mariage annoncé, dans n’importe quelle couleur, fait de cette couleur l’atout et compte "
            "comme mariage d’atout. Une quinte annoncée avant tout mariage fixe aussi l’atout.",
            "Le bésigue et les quatre as, rois, dames ou valets peuvent s’annoncer avant que l’atout soit fixé.",
        ]),
        ("scores", "Carte blanche et dernier pli", [
            "Si l’on vous donne une main sans roi, dame ni valet, vous marquez carte blanche aussitôt, avant la "
            "première entame, et vous montrez la main. Chaque carte piochée ensuite la fait marquer de nouveau "
            "tant que ce n’est ni un roi, ni une dame, ni un valet ; la première figure y met fin.",
            "Le dernier pli vaut {last_trick_bonus}. Dans les derniers plis, il faut fournir et monter si vous le "
            "pouvez, sinon couper.",
        ]),
        ("melds", "Les combinaisons", [
            "Une combinaison peut être faite de cartes toutes posées sur la table, et se reformer dès qu’une de "
            "ses cartes a été jouée : quatre dames annoncées, une dame jouée, les trois qui restent et une dame "
            "nouvelle marquent de nouveau.",
            "Les bésigues se construisent : le simple, puis une paire nouvelle pour le double, puis le triple, "
            "puis le quadruple, chacun pour sa pleine valeur. Quatre cartes d’atout de même rang ne valent rien de "
            "plus. En plus des combinaisons du jeu à deux (atout pique) :",
        ]),
        ("settlement", "Le règlement de la donne", [
            "Chaque donne est une partie. On ne compte les brisques que si les deux totaux sont égaux, ou si le "
            "plus bas est sous {rubicon_threshold} ; alors chacun compte les siennes. Le plus haut total gagne la "
            "donne ; les deux totaux sont arrondis à la baisse à un multiple de {round_scores_down_to}.",
            "Le gagnant reçoit la différence plus {game_bonus}. Un perdant sous {rubicon_threshold} est "
            "rubiconné : le gagnant reçoit les deux totaux sans brisques plus {rubicon_gain} ({game_bonus} pour "
            "la partie, {rubicon_extra_bonus} pour le rubicon, {rubicon_brisque_bonus} pour toutes les brisques).",
            "Par exemple, {normal_w} contre {normal_l} : le gagnant reçoit {normal_ex_gain}. {rubicon_w} contre "
            "{rubicon_l}, brisques comprises : le perdant est rubiconné et le gagnant reçoit {rubicon_ex_gain}. "
            "Une partie en plusieurs donnes va au premier à {match_target}.",
        ]),
    ],
    "chinese": [
        ("changes", "Ce qui change", [
            "Le bésigue chinois se joue à deux avec {packs} jeux ({cards} cartes), {hand_size} cartes chacun. "
            "Comme au rubicon, il n’y a pas de retourne, le premier mariage ou la première quinte fixe l’atout, "
            "le sept d’atout ne vaut rien, et dans les derniers plis il faut fournir et monter.",
            "Le talon compte {stock_size} cartes : {last_stock_trick} plis, puis les {hand_size} derniers. Les "
            "brisques ne se comptent jamais.",
        ]),
        ("bezique", "Le bésigue suit l’atout", [
            "Le bésigue est la dame d’atout avec le valet de la couleur associée : pique va avec carreau, cœur "
            "avec trèfle. Aucun bésigue ne s’annonce avant que l’atout soit fixé.",
        ]),
        ("melds", "Les grandes combinaisons", [
            "Les combinaisons se construisent et se reforment comme au rubicon, jusqu’au quintuple bésigue. Quatre "
            "as, dix, rois, dames ou valets tous d’atout valent bien plus que quatre cartes quelconques du même "
            "rang. Atout carreau :",
        ]),
        ("scores", "Carte blanche et dernier pli", [
            "La carte blanche se marque comme au rubicon, et vaut chaque fois {carte_blanche_value} ; le dernier "
            "pli vaut {last_trick_bonus}.",
        ]),
        ("settlement", "Le règlement de la donne", [
            "Comme au rubicon, mais sans brisques : le plus haut total gagne et reçoit la différence plus "
            "{game_bonus}. Un perdant sous {rubicon_threshold} est rubiconné : le gagnant reçoit les deux totaux "
            "plus {rubicon_gain}.",
            "Par exemple, {normal_w} contre {normal_l} : le gagnant reçoit {normal_ex_gain} ; {rubicon_w} contre "
            "{rubicon_l} : le gagnant reçoit {rubicon_ex_gain}. Une partie en plusieurs donnes va au premier à "
            "{match_target}.",
        ]),
    ],
}
