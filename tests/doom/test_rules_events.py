"""Invader event cards (seed p. 6-7, 9, 11; spec 8.1 PLACEHOLDER texts for the others)."""
from __future__ import annotations

from tests.doom.conftest import TITLE, act, deal, fresh, options, put, texts


def invader_turn(state):
    """From red's fresh turn to the invader's spawn step (1 marine)."""
    act(state, "declare", action="run")
    act(state, "end_turn")
    while state.phase == "discard":
        act(state, "discard", card=state.hand[-1])
    assert state.phase == "spawn"


def test_smash_destroys_a_security_door_for_good():
    """Seed p. 9 (Szétzúzás), spec 3.2, 8.1: the invader's Smash card destroys a door, a security door too."""
    state = fresh()
    deal(state, "smash#1")
    invader_turn(state)
    act(state, "play", card="smash#1", door="D5")
    assert "D5" not in state.closed and "D5" in state.destroyed and "smash#1" in state.deck.discard_pile
    from game.doom.rules.queries import usable_doors

    state.marines["red"].cell = (39, 8)
    assert "D5" not in usable_doors(state, "red")  # a destroyed door can never be closed


def test_start_of_turn_events_only_before_the_first_figure_acts():
    """Seed p. 11, spec 6.17, 5.3 step 1: 'at the start of your turn' cards after the cut to 8, before the
    first activation."""
    state = fresh()
    deal(state, "darkness#1")
    z = put(state, "zombie", (20, 10))
    invader_turn(state)
    assert options(state, "play")
    act(state, "no_spawn")
    assert options(state, "play")  # still before any activation
    act(state, "activate", figure=z)
    act(state, "end_activation")
    assert not options(state, "play")


def test_darkness_shortens_marine_range_until_the_next_invader_turn(dice):
    """Spec 8.1 (Darkness, PLACEHOLDER text): marine attacks get -2 range until the invader's next turn."""
    state = fresh()
    deal(state, "darkness#1")
    invader_turn(state)
    act(state, "play", card="darkness#1")
    act(state, "no_spawn")
    act(state, "end_invader_turn")
    put(state, "zombie", (5, 8))  # distance 4
    act(state, "declare", action="fire")
    dice.push("r2 d2", "r3 d1")  # range 5 - 2 = 3 < 4
    events = act(state, "attack", weapon="pistol", target=[5, 8])
    assert "Range 3 is short of distance 4: the attack fails." in texts(events)


def test_reinforcements_allow_a_second_spawn_card():
    """Spec 8.1 (PLACEHOLDER): one extra spawn card this turn (seed p. 7 otherwise allows one)."""
    state = fresh()
    deal(state, "reinforcements#1")
    deal(state, "imp_pair#1")
    deal(state, "imp_pair#2")
    state.revealed = ["A1"]  # nothing fits out of sight: the imps are lost, the cards still played
    invader_turn(state)
    act(state, "play", card="reinforcements#1")
    act(state, "spawn", card="imp_pair#1", half=0)
    assert state.phase == "spawn"
    act(state, "spawn", card="imp_pair#2", half=0)
    assert state.phase == "kill"


def test_frenzy_lets_one_invader_activate_twice():
    """Spec 8.1 (PLACEHOLDER): one invader activates twice (seed p. 7 otherwise: once each)."""
    state = fresh()
    deal(state, "frenzy#1")
    z = put(state, "zombie", (20, 10))
    invader_turn(state)
    act(state, "play", card="frenzy#1", figure=z)
    act(state, "no_spawn")
    for _ in range(2):
        act(state, "activate", figure=z)
        act(state, "end_activation")
    assert not options(state, "activate")


def test_demonic_speed_adds_mp_to_one_type():
    """Spec 8.1 (PLACEHOLDER): every invader of one type +2 MP this turn."""
    state = fresh()
    deal(state, "demonic_speed#1")
    z = put(state, "zombie", (20, 10))
    invader_turn(state)
    events = act(state, "play", card="demonic_speed#1", monster="zombie")
    assert "The invader discards Demonic Speed (played)." in texts(events)  # the name once, not again in brackets
    act(state, "no_spawn")
    act(state, "activate", figure=z)
    assert state.act["mp"] == state.content.monsters["zombie"].move + 2


def test_lockdown_closes_open_ordinary_doors_without_figures_by_them():
    """Spec 8.1 (PLACEHOLDER): close up to 2 open ordinary doors with no figure on a flanking square."""
    state = fresh()
    state.closed = ["D5", "D6"]
    deal(state, "lockdown#1")
    invader_turn(state)
    plays = [a.get("doors") for a in options(state, "play")]
    assert ["D2", "D3"] in plays and not any("D5" in p for p in plays)
    act(state, "play", card="lockdown#1", doors=["D2", "D3"])
    assert state.closed == ["D2", "D3", "D5", "D6"]


def test_hellfire_adds_deadly_to_an_invader_attack(dice):
    """Spec 8.1 (PLACEHOLDER): 'immediately before one of your invaders attacks': Deadly 1."""
    state = fresh()
    deal(state, "hellfire#1")
    state.phase, state.turn = "kill", None
    imp = put(state, "imp", (4, 8))
    act(state, "activate", figure=imp)
    act(state, "attack", target=[1, 8])
    assert {a.kind for a in options(state)} == {"hellfire"}
    dice.push("r3 d1", "r4 d0")  # 1 damage + Deadly 1 = 2 / armour 2 = 1 wound
    act(state, "hellfire", card="hellfire#1")
    red = state.marines["red"]
    assert red.health == red.max_health - 1


def test_dark_energies_heals_a_wound_before_a_marine_attack(dice):
    """Seed p. 11, spec 6.17, 8.1: 'play immediately before a marine's attack: remove 1 wound marker'."""
    state = fresh()
    deal(state, "dark_energies#1")
    z = put(state, "zombie", (5, 8), wounds=1)
    act(state, "declare", action="fire")
    act(state, "attack", weapon="pistol", target=[5, 8])
    assert TITLE.current_decider(state) == "invader"
    dice.push("miss", "r2 d1")
    act(state, "dark_energies", card="dark_energies#1", figure=z)
    assert state.invaders[z].wounds == 0


def test_dud_fails_an_attack_that_shows_an_ammo_icon(dice):
    """Spec 8.1 (Dud, PLACEHOLDER text): the attack fails, the ammo is still spent (seed p. 9 ammo check)."""
    state = fresh()
    deal(state, "dud#1")
    z = put(state, "zombie", (3, 8))
    shells = state.marines["red"].ammo["shells"]
    act(state, "declare", action="fire")
    dice.push("r2 d1 +A", "r4 d1")
    act(state, "attack", weapon="pistol", target=[3, 8])
    events = act(state, "dud", card="dud#1")
    assert "Dud: the attack fails (the ammo is still spent)." in texts(events)
    assert "The invader discards Dud (played)." in texts(events)
    assert state.invaders[z].wounds == 0 and state.marines["red"].ammo["shells"] == shells - 1


def test_dodge_card_rerolls_a_marine_attack(dice):
    """Seed p. 6, 11, spec 6.10, 8.1: the invader's dodge card makes the marine reroll the dice the invader picks."""
    state = fresh()
    deal(state, "dodge#2")
    z = put(state, "zombie", (3, 8))
    act(state, "declare", action="fire")
    dice.push("r3 d2", "r4 d1")
    act(state, "attack", weapon="pistol", target=[3, 8])
    act(state, "dodge_card", card="dodge#2")
    assert TITLE.current_decider(state) == "invader" and options(state, "reroll")
    dice.push("miss")
    act(state, "reroll", dice=[0])
    assert state.invaders[z].wounds == 0


def test_trap_after_a_pick_up_lets_two_invaders_act_first():
    """Seed p. 6-7 (Csapda example), spec 6.17, 8.1: after a marine picks up a shotgun the invader plays Trap and
    acts at once with up to 2 invaders; then the marine continues its turn."""
    from tests.doom.conftest import marker

    state = fresh()
    deal(state, "trap#1")
    marker(state, "equipment", (2, 8), "shotgun")
    z1 = put(state, "zombie", (5, 10))
    z2 = put(state, "zombie", (5, 6))
    z3 = put(state, "zombie", (4, 11))
    act(state, "declare", action="run")
    act(state, "move", to=[3, 8])  # through (2, 8): the shotgun is picked up on the way
    assert state.marines["red"].weapons == ["shotgun"]
    act(state, "trap", card="trap#1")
    assert state.marines["red"].cell == (2, 8)  # the move stops at the pick-up
    assert TITLE.current_decider(state) == "invader"
    for z in (z1, z2):
        act(state, "activate", figure=z)
        act(state, "end_activation")
    assert TITLE.current_decider(state) == "red" and state.turn["mp"] == 7
    assert z3 not in state.activated and not state.activated  # the kill step is untouched


def test_ambush_before_a_marines_turn():
    """Spec 8.1 (PLACEHOLDER): before a marine declares, one invader within 6 squares acts."""
    state = fresh()
    deal(state, "ambush#1")
    z = put(state, "zombie", (5, 10))
    far = put(state, "zombie", (30, 8))
    invader_turn(state)
    act(state, "no_spawn")
    act(state, "end_invader_turn")
    assert TITLE.current_decider(state) == "invader"
    assert {a.get("figure") for a in options(state, "play")} == {z}
    act(state, "play", card="ambush#1", figure=z)
    act(state, "activate", figure=z)
    act(state, "move", to=[[3, 9]])
    act(state, "end_activation")
    assert TITLE.current_decider(state) == "red" and state.turn["action"] is None
    assert far in state.invaders


def test_trap_spawn_variant_brings_in_two_invaders_out_of_sight():
    """Spec 11 item 7 (the rule option trap = "spawn"): after the pick-up the Trap brings in up to 2
    invaders out of every marine's sight (spec 8.2) instead of activating any; the marine's move
    stops at the pick-up and its MP left stay usable."""
    from game.doom.rules.queries import marine_sight, placements
    from tests.doom.conftest import marker

    state = fresh()
    state.options["trap"] = "spawn"
    deal(state, "trap#1")
    marker(state, "equipment", (2, 8), "shotgun")
    act(state, "declare", action="run")
    act(state, "move", to=[3, 8])
    act(state, "trap", card="trap#1")  # offered with no invader on the board: this variant needs none
    assert state.marines["red"].cell == (2, 8)
    kinds = [a.get("monster") for a in options(state, "trap_spawn")]
    assert kinds == list(state.content.invader_card("trap#1").variant_spawn)
    act(state, "trap_spawn", monster="imp")
    spots = [a.get("cells") for a in options(state, "place")]
    assert spots == placements(state, "imp") and spots
    seen = marine_sight(state, invaders_block=False)
    assert not any(tuple(c) in seen for cells in spots for c in cells)
    act(state, "place", cells=spots[0])
    act(state, "trap_spawn", monster="zombie")
    act(state, "place", cells=options(state, "place")[-1].get("cells"))
    assert sorted(i.monster for i in state.invaders.values()) == ["imp", "zombie"]
    assert not state.flags.get("interlude")  # nobody activates
    assert TITLE.current_decider(state) == "red" and state.turn["mp"] == 7
    assert "trap#1" in state.deck.discard_pile


def test_trap_activate_is_the_default_and_needs_an_invader():
    """Spec 11 item 7: the proposal (activate up to 2) is the default; with no invader on the board
    there is nothing to activate, so the card is not offered."""
    from tests.doom.conftest import marker

    state = fresh()
    assert state.option("trap") == "activate"
    deal(state, "trap#1")
    marker(state, "equipment", (2, 8), "shotgun")
    act(state, "declare", action="run")
    act(state, "move", to=[3, 8])
    assert state.marines["red"].cell == (3, 8) and state.proc is None and "trap#1" in state.hand


def test_a_discard_line_saved_before_the_rewording_still_reads_in_hungarian():
    """Saves keep their log as message ids: one written when the line named the card twice
    ("played: {card}") still reads translated, not in English."""
    from game import i18n
    from game.engine.text import Msg

    old = Msg.from_json({"msg": "The invader discards {card} ({why}).",
                         "params": {"card": "Trap", "why": {"msg": "played: {card}", "params": {"card": "Trap"}}}})
    try:
        i18n.set_language("hu")
        assert "kijátszva" in str(old)
    finally:
        i18n.set_language("en")
