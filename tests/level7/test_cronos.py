"""Dr. Cronos on the engine (level7-escape.md 7.1, 7.3, 8.2, 6.4-6.7, 11 #15, #17; seed p. 2, 10, 13).

The seed gives his count (p. 2) and his weight of three for Bull Rush and Outwit (p. 10), and says
that his activation and attack rules are in the scenarios that use him (p. 13, 14), which are in
the booklet the seed lacks. Spec 8.2's PLACEHOLDER (homebrew) rules are therefore data
(enemies.toml, `verified = false`): attack 4 dice counting Intelligence icons (+1 Fear each above
Toughness), Toughness 5, highest Fear, moves like a hybrid; only in scenarios that place him, never
from a reserve; once after the hybrids in every activation step; 5 icons stun him, and he is never
removed: icons enough to remove him stun him through his next activation as well.

No shipped scenario places him (scenario 1 has no Cronos, spec 9.1; scenarios 3-7 are not
playable), so these tests build one: scenario 1 as data with a hook placing him when the Lab
corridor T40 is placed, read by the loader like any scenario file.
"""
from __future__ import annotations

import shutil
import sys

import pytest

from game.level7.content import DATA_DIR, DataError, load_content, shared_content
from game.level7.rules import enemies as E
from game.level7.rules.challenge import attack_result
from game.level7.rules.state import IN_HOSPITAL, Enemy
from tests.level7.engine_helpers import CROSS, act, game, next_event, refusal, settle, texts

HOOK = '''
[[scenario.x7.hook]]
when = "tile_placed"
tile = "T40"
do = "place_cronos"
text = "Dr. Cronos steps out of the corridor's lab"
'''


def scenario_text(hook: str = HOOK) -> str:
    """Scenario 1's record as a new scenario x7 (number 7) with the Cronos hook added."""
    text = (DATA_DIR / "scenarios.toml").read_text(encoding="utf-8")
    s1 = text[text.index("[scenario.s1]"):text.index("[scenario.s2]")]
    x7 = s1.replace("scenario.s1", "scenario.x7").replace("number = 1\n", "number = 7\n", 1)
    x7 = x7.replace('name = "A New Level of Fear"', 'name = "Cronos (a test scenario)"', 1)
    return text + "\n" + x7 + hook


@pytest.fixture
def cronos_game(tmp_path, monkeypatch):
    """The content with scenario x7, given to every rules module in place of the shipped one."""
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    (data / "scenarios.toml").write_text(scenario_text(), encoding="utf-8")
    content = load_content(data)
    for name, module in list(sys.modules.items()):
        if name.startswith("game.level7") and getattr(module, "shared_content", None) is shared_content:
            monkeypatch.setattr(module, "shared_content", lambda: content)
    return content


def cronos(state, tile: str, stunned: bool = False) -> Enemy:
    e = Enemy("cronos", 1, tile, stunned)
    state.enemies.append(e)
    return e


def dice(state, *faces: str) -> None:
    state.flags.setdefault("dice_stack", {})["level7"] = list(faces)


def test_8_2_a_scenario_places_dr_cronos_by_its_hook_never_from_a_reserve(cronos_game):
    """Spec 8.2: only in scenarios that place him, never from a reserve (7.2: a placement that is
    not a spawn neither draws on nor counts against a reserve). The hook places him when T40 is
    placed; the card's activation step then activates him after the others, saying why."""
    s = game("x7", tiles=[("T07", 0, 0, 0)])
    reserves = {k: list(v) for k, v in s.reserves.items()}
    s.stacks = [["A", ["T40"]], ["B", ["T42"]], ["last", ["T36"]]]
    events = settle(s, act(s, "explore", door=["N", 0]))
    assert [(e.kind, e.tile) for e in s.enemies] == [("cronos", "T40")]
    assert s.reserves == reserves and "cronos" not in s.reserves
    assert "Dr. Cronos appears on" in texts(events) and "not from a reserve" in texts(events)
    assert "steps out of the corridor's lab" in texts(events)
    # he is an active enemy on the explorer's tile: he holds them (6.5, 6.6)
    assert s.characters["subject_1"].tile == "T40"
    assert refusal(s, "move", to="T07").startswith("An active enemy on your tile stops you leaving")
    next_event(s)
    events = settle(s, act(s, "end_turn"))
    said = texts(events)
    assert E.CRONOS_RULE.format(name="Dr. Cronos") in said
    assert said.index(E.CRONOS_RULE.format(name="Dr. Cronos")) < said.index("Dr. Cronos attacks")


def test_8_2_the_hook_needs_a_trigger_that_names_a_tile(tmp_path):
    """The loader refuses place_cronos on a trigger with no tile, naming file, key and line."""
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    (data / "scenarios.toml").write_text(scenario_text(HOOK.replace('when = "tile_placed"\ntile = "T40"',
                                                                    'when = "stacks_empty"')), encoding="utf-8")
    with pytest.raises(DataError, match=r"scenario\.x7\.hook\[3\]\.do.*trigger must name one"):
        load_content(data)


def test_8_2_dr_cronos_attacks_with_intelligence_icons_for_fear(cronos_game):
    """Spec 8.2 (7.1's hybrid damage): 4 dice, each Intelligence icon above the target's
    Toughness is +1 Fear, then +1 Fear for being attacked (11 #13); he targets the highest Fear
    (the active player on a tie, seed p. 14)."""
    s = game("x7", tiles=CROSS)
    cronos(s, "T07")
    dice(s, "double Intelligence", "Intelligence", "blank", "Strength")
    next_event(s)
    events = settle(s, act(s, "end_turn"))
    me = s.characters["subject_1"]
    assert me.fear == 3 + (3 - 1) + 1
    assert s.characters["subject_2"].fear == 3
    assert "Dr. Cronos rolls 4 dice" in texts(events)


def test_8_2_fear_past_the_top_knocks_out_and_says_who_did_it(cronos_game):
    s = game("x7", tiles=CROSS)
    s.characters["subject_1"].fear = 6
    cronos(s, "T07")
    dice(s, "double Intelligence", "double Intelligence", "double Intelligence", "blank")
    next_event(s)
    events = settle(s, act(s, "end_turn"))
    assert s.characters["subject_1"].status == IN_HOSPITAL
    assert "Dr. Cronos' attack drove Fear past the top of the track" in texts(events)


def test_8_2_ten_icons_only_stun_him_and_he_stays_stunned_through_his_next_activation(cronos_game):
    """Spec 8.2 with 6.4: 5 Strength icons stun him (Toughness 5), 10 would remove anyone else;
    he is never removed, and stays stunned through his next activation as well, even with nobody
    on his tile (7.5 would let him recover); the activation after that he recovers."""
    assert [attack_result(cronos_game, "cronos", n) for n in (4, 5, 9, 10, 20)] == \
        ["failed", "stunned", "stunned", "stunned", "stunned"]
    s = game("x7", tiles=CROSS)
    me = s.characters["subject_1"]
    me.items = ["stun_baton#1"]  # Strength 4 + 2 when attacking (seed p. 10): 6 dice
    s.characters["subject_2"].hand = []  # nobody to help: the roll alone decides
    doc = cronos(s, "T07")
    dice(s, *["double Strength"] * 5, "blank")
    events = settle(s, act(s, "attack", enemy="cronos1"))
    assert doc in s.enemies and doc.stunned
    assert "never removed" in texts(events) and s.flags["stun_held"] == {"cronos1": 1}
    # everyone leaves his tile: 7.5 alone would have him recover at his next activation
    act(s, "move", to="T36")
    s.characters["subject_2"].tile = "T40"
    next_event(s)
    events = settle(s, act(s, "end_turn"))
    assert doc.stunned and "stun_held" not in s.flags
    assert "stays stunned through this activation as well" in texts(events)
    next_event(s)
    events = settle(s, act(s, "end_turn"))
    assert not doc.stunned and "Dr. Cronos recovers" in texts(events)


def test_8_2_he_counts_three_and_is_an_alien(cronos_game):
    """Seed p. 10: Dr. Cronos counts as three enemies for Bull Rush and Outwit; spec 11 #17: he
    is on the aliens' side; 11 #15: a failed challenge activates him last."""
    from game.level7.rules.challenge import Foe, bull_rush_challenge, outwit_sides, resolve_bull_rush

    here = [Foe("cronos1", "cronos"), Foe("guard1", "guard")]
    assert bull_rush_challenge(cronos_game, here).level == 3 + 1 + 2
    assert outwit_sides([Foe("cronos1", "cronos")]) == ("aliens",)
    failed, _ = resolve_bull_rush(cronos_game, 0, here)
    assert failed.activates == ("guard1", "cronos1")
