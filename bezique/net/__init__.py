"""A game between people on two computers: one hosts (the game, its record and its saves live there), the others
join by a short code (or the host's address and that code) over the local network.

Host-authoritative: ``host.Host`` owns the ``GameSession`` and sends each remote seat only what that seat may
know (``view_for`` and the events redacted for it) with its legal actions, so a client never decides a rule and
never sees a concealed card; ``client.Client`` keeps the latest of it and sends its seat's choices back in the
record's action encoding, for the rules to decide. ``protocol`` validates every message field by field into a
frozen dataclass and names every refusal; ``wire`` turns views, events and actions into JSON and back;
``joincode`` packs the host's LAN address, port and secret into one typeable code.

Built on ``websockets`` (asyncio) in a background thread; nothing here imports pygame or the window.
"""
