"""Random legal play (seeded loops, modest counts): invariants after every action (spec 6.15,
3.3, 6.5) and save/replay through game.engine.Session."""
from __future__ import annotations

from collections import Counter

from game.engine.rng import Rng
from game.engine.session import Session
from game.gears.rules.setup import order_card_ids


def check_invariants(s, content):
    hands = [h for c in s.cogs.values() for h in c.hand]
    assert sorted(s.orders.cards() + hands) == sorted(order_card_ids(content)), "Order cards lost or made"
    in_play = [s.flags["ai_in_play"]] if s.flags.get("ai_in_play") else []
    assert sorted(s.ai.cards() + in_play) == sorted(content.ai_deck(s.mission)), "AI cards lost or made"
    spots = [c.cover for c in s.cogs.values() if c.cover] + [x.cover for x in s.locusts.values() if x.cover]
    assert len(spots) == len(set(spots)), "two figures on one cover spot"
    for c in s.cogs.values():
        assert c.grenades >= 0
        assert all(n >= 0 for _, n in c.weapons)
        assert len(c.weapons) <= content.cogs[c.character].weapon_limit
        if c.bleeding:
            assert c.cover is None
    per_figure = Counter(lid.split("#")[0] for lid in s.locusts)
    for fig, n in per_figure.items():
        assert n <= content.figures[fig].count


def test_random_legal_play_keeps_invariants(title, content):
    for seed in range(6):
        s = title.new_game("emergence", seed, {"players": 1 + seed % 4})
        pick = Rng(seed).stream("bot")
        for _ in range(250):
            if title.current_decider(s) is None:
                assert s.outcome in ("won", "lost")
                break
            acts = title.legal_actions(s)
            assert acts, f"no legal action in phase {s.phase}"
            title.apply(s, acts[pick.below(len(acts))])
            check_invariants(s, content)


def test_session_replay_reaches_the_same_hash(title, tmp_path):
    """Spec 12.3: replaying the actions from the seed reproduces the state (save/load)."""
    from game.engine.session import load_session

    session = Session.start(title, "emergence", 21, {"players": 2})
    pick = Rng(1).stream("bot")
    for _ in range(60):
        if session.is_over():
            break
        acts = session.legal_actions()
        session.apply(acts[pick.below(len(acts))])
    path = tmp_path / "g.json"
    session.save(path)
    loaded = load_session(path, title)
    assert loaded.state_hash() == session.state_hash()
