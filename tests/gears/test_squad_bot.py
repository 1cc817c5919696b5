"""The squad bot (issue 20 item 1): it plans the stage card's objective for the whole team
(spec 9.1: a stage flips when its condition holds), splits the work between partners, spends
cards (health, spec 6.13) only when they pay and says why for every choice. `simulate` plays it by
default; CogBot stays as the "cautious" level."""
from __future__ import annotations

from game.gears.bots import CogBot, SquadBot, squad_plan
from game.gears.rules import procedures as P
from game.gears.rules import turn as T
from game.gears.rules.explore import door_target
from game.gears.rules.movement import los
from game.gears.rules.board_view import INF
from game.gears.rules.state import LocustState
from game.gears.simulation import GearsSimulator
from tests.gears.conftest import fresh, resolve, start


def _goal(words) -> tuple[str, list[str]]:
    """A plan goal's kind (its msgid) and the weapons it names (their ids, each a Ref so the
    reader gets the weapon's name in their language)."""
    weapons = words.params.get("weapons")
    return words.msgid, [r.key for r in weapons.parts if r.kind == "gears.weapon"] if weapons is not None else []


def _next_area_in_sight(view, c) -> str:
    """The first area (by name) one range step from COG `c` that it sees from where it stands."""
    return next(a for a in sorted(view.areas) if a != c.area and view.rdist(c.area, a) == 1
                and los(view, (c.area, c.cover), (a, None)))


def _two_cogs_together(title, dist: int):
    """A fresh two-player game with both COGs in P1's area, and an area `dist` away by
    movement (the first in name order) for a Locust."""
    s = fresh(title, players=2)
    view = s.view()
    p1, p2 = s.players
    here = s.cogs[p1].area
    s.cogs[p2].area = here
    near = next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(here, a) == dist)
    return s, view, p1, p2, here, near


def test_simulate_plays_the_squad_bot_by_default_and_keeps_cautious():
    sim = GearsSimulator.__new__(GearsSimulator)  # bot() needs no content
    assert GearsSimulator.bots[0] == "squad"
    assert type(sim.bot("squad", 1)) is SquadBot and type(sim.bot("cautious", 1)) is CogBot


def test_squad_bot_plays_whole_games_with_legal_actions_and_reasons(title):
    for seed, players in ((2, 2), (5, 4)):
        s = title.new_game("emergence", seed, {"players": players})
        bots: dict = {}
        for _ in range(400):
            d = title.current_decider(s)
            if d is None:
                break
            acts = title.legal_actions(s)
            choice = bots.setdefault(d, SquadBot(seed)).decide(s, acts)
            assert choice.action in acts and choice.reason and "\n" not in choice.reason
            title.apply(s, choice.action)
        P.release(s)


def test_each_grenade_carrier_gets_its_own_hole(title):
    """Spec 9.2.1 (Emergence Stage 1: seal every hole, spec 6.8 grenades at range 2 with LOS):
    two COGs with grenades and two open holes far apart are sent to different holes."""
    s = fresh(title, players=2)
    view = s.view()
    p1, p2 = s.players[0], s.players[1]
    here = s.cogs[p1].area
    s.cogs[p2].area = here
    far = sorted((a for a in view.areas if a in view.move_dist), key=lambda a: -view.mdist(here, a))
    h1, h2 = far[0], next(a for a in far if view.mdist(a, far[0]) >= 4)
    s.holes = {"a": {"area": h1, "sealed": False, "token": True}, "b": {"area": h2, "sealed": False, "token": True}}
    s.cogs[p1].grenades = s.cogs[p2].grenades = 2
    plan = squad_plan(s)
    assert set(plan) == {p1, p2}
    (a1, why1), (a2, why2) = plan[p1], plan[p2]
    assert why1 != why2 and {h1, h2} == {w.split(" in ")[1].split(" ")[0] for w in (why1, why2)}
    for areas, hole in ((a1, h1 if h1 in why1 else h2), (a2, h2 if h2 in why2 else h1)):
        assert areas and all(view.rdist(a, hole) <= 2 and los(view, (a, None), (hole, None)) for a in areas)


def test_belly_plan_heads_for_a_door_that_leads_somewhere(real):
    """Spec 9.2.3 (Belly of the Beast): the first tile's door leads to level 3, locked until the
    Keycode (12B) is used; the squad heads for the door whose level can be explored now."""
    s = start(real, "belly_of_the_beast", players=2)
    view = s.view()
    plan = squad_plan(s)
    assert plan
    for areas, why in plan.values():
        doors = [d for d in s.doors if view.exits.get(d) in areas]
        assert doors and all(not s.locked[door_target(s, d)] for d in doors), why
        assert "door" in why


def test_squad_bot_follows_only_from_a_full_hand(title):
    """Seed p. 24: Follow costs a card (health, spec 6.13). With one card short of the hand
    limit the squad bot stays (the cautious one follows from 5 cards); with a full hand, whose
    next Healing Step would draw nothing, it follows toward its own goal."""
    s = fresh(title, players=2)
    p1, p2 = s.players
    limit = title.content.cogs[s.cogs[p2].character].hand_limit
    cards = ["roadie_run#1", "advance#1", "assault#1", "advance#2", "assault#2", "roadie_run#2", "advance#3"]
    s.cogs[p2].hand = cards[:limit - 1]
    T.push(s, {"f": "follow", "candidates": [p2], "mover": p1, "from": s.cogs[p1].area})
    acts = title.legal_actions(s)
    assert SquadBot(1).decide(s, acts).action.kind == "no_follow"
    assert CogBot(1).decide(s, acts).action.kind == "follow"
    s.cogs[p2].hand = cards[:limit]
    choice = SquadBot(1).decide(s, title.legal_actions(s))
    assert choice.action.kind == "follow" and "full hand" in choice.reason


def _attack_frame(s):
    T.push(s, {"f": "attack", "player": s.players[0], "bonus": 0})


def test_no_shot_at_a_ticker_whose_chain_reaction_would_wound_the_squad(title):
    """Spec 9.2.4 (Roadblocks: a Ticker killed by an attack explodes, 1 wound to every figure
    in its area, and the Tickers it kills explode too). Two Tickers in the area of both COGs:
    the squad bot does not shoot them there (2 wounds to each COG); the same Tickers an area
    away, out of its own area, it shoots."""
    from game.gears.rules.state import LocustState

    s = fresh(title, players=2, mission="roadblocks")
    p1, p2 = s.players
    c = s.cogs[p1]
    s.cogs[p2].area = c.area
    s.locusts = {f"ticker#{i}": LocustState(f"ticker#{i}", "ticker", c.area) for i in (1, 2)}
    _attack_frame(s)
    acts = title.legal_actions(s)
    assert any(a.kind == "attack" and a.payload["target"].startswith("ticker") for a in acts)
    choice = SquadBot(1).decide(s, acts)
    assert not (choice.action.kind in ("attack", "chainsaw") and choice.action.payload["target"].startswith("ticker")), \
        choice.reason
    view = s.view()
    away = _next_area_in_sight(view, c)
    for x in s.locusts.values():
        x.area = away
    acts = title.legal_actions(s)
    choice = SquadBot(1).decide(s, acts)
    assert choice.action.kind == "attack" and choice.action.payload["target"].startswith("ticker"), choice.reason


def test_keeps_the_last_ammo_token_and_picks_up_ammo_when_short(title):
    """Spec 6.5: a weapon needs an ammo token to attack at all, an Overwhelming attack spends
    one. With one token left the squad bot attacks a Grenadier in Normal mode; short of ammo it
    picks up a dropped weapon's ammo (spec 6.10) even for a card. The target's defence, health
    and attack are printed (MP1, verified): with a Drone (its attack a PLACEHOLDER tuned by
    simulation) the threat the bot weighs, and so its choice, moved with each balance pass."""
    from game.gears.rules.state import LocustState

    s = fresh(title, players=2)
    p1 = s.players[0]
    c = s.cogs[p1]
    c.weapons = [("lancer", 1), ("snub_pistol", 0)]
    view = s.view()
    seen = next(a for a in sorted(view.areas) if a != c.area and view.rdist(c.area, a) == 1
                and los(view, (c.area, c.cover), (a, None)))
    assert title.content.enemies["grenadier"].provenance.field_verified.get("attack") is True
    s.locusts = {"grenadier#1": LocustState("grenadier#1", "grenadier", seen)}
    _attack_frame(s)
    acts = title.legal_actions(s)
    assert {a.payload.get("mode") for a in acts if a.kind == "attack"} >= {"normal", "overwhelming"}
    choice = SquadBot(1).decide(s, acts)
    assert choice.action.kind == "attack" and choice.action.payload["mode"] == "normal", choice.reason
    T.pop(s)
    s.locusts.clear()
    c.weapons = [("lancer", 0), ("snub_pistol", 0)]
    c.hand = ["advance#1", "advance#2", "assault#1", "roadie_run#1"]
    s.dropped.append({"id": "drop#1", "area": c.area, "weapon": "lancer", "enemy": "drone", "marker": None})
    acts = title.legal_actions(s)
    assert any(a.kind == "special" and a.payload["do"] == "pickup" and a.payload["choice"] == "ammo" for a in acts)
    choice = SquadBot(1).decide(s, acts)
    assert choice.action.kind == "special" and choice.action.payload["do"] == "pickup", choice.reason
    assert "ammo" in choice.reason


def test_the_active_player_lets_the_strongest_willing_cog_guard(title):
    """Seed p. 24: when several COGs want to Guard, the active player picks one: the squad bot
    picks the one with the most attack dice (not the first asked)."""
    s = fresh(title, players=2)
    p1, p2 = s.players
    s.cogs[p2].hand = ["advance#1", "advance#2", "advance#3", "advance#4"]
    weak = {"guard": p1, "card": s.cogs[p1].hand[0], "weapon": "snub_pistol", "mode": "normal"}
    strong = {"guard": p2, "card": "advance#1", "weapon": "lancer", "mode": "overwhelming"}
    s.cogs[p2].weapons = [("lancer", 3)]
    s.proc = {"name": "x", "args": {}, "checkpoint": {}, "answers": [], "emitted": 0,
              "pending": {"decider": p1, "kind": "guard_who", "prompt": "who?",
                          "options": [weak, strong], "labels": ["a", "b"]}}
    choice = SquadBot(1).decide(s, title.legal_actions(s))
    assert choice.action.payload == strong, choice.reason


def test_no_revive_beside_a_locust_that_would_down_him_again(title):
    """Spec 6.10: a revived COG stands with no card until his Healing Step; Locusts ignore a
    bleeding COG (6.13). With a Berserker and a Drone in the area (4+ attack dice together, the
    bot's measure of a threat; the dice read from the data, where both are tuned placeholders)
    the squad bot waits; with no Locust there it revives."""
    from game.gears.rules.state import LocustState

    s = fresh(title, players=2)
    p1, p2 = s.players
    s.cogs[p2].area, s.cogs[p2].bleeding, s.cogs[p2].cover, s.cogs[p2].hand = s.cogs[p1].area, True, None, []
    assert SquadBot(1).decide(s, title.legal_actions(s)).action.payload.get("do") == "revive"
    area = s.cogs[p1].area
    s.locusts = {"berserker#1": LocustState("berserker#1", "berserker", area),
                 "drone#1": LocustState("drone#1", "drone", area)}
    assert sum(title.content.enemies[x.enemy].attack for x in s.locusts.values()) >= 4
    choice = SquadBot(1).decide(s, title.legal_actions(s))
    assert choice.action.payload.get("do") != "revive", choice.reason


def test_china_shop_stage_3_fetches_and_loads_the_hammer_of_dawn(title):
    """China Shop Stage 3 (spec 9.2.2, seed p. 26): kill the Berserker, whom only the Hammer
    of Dawn wounds while unwounded; 17A's equipment gives it with no ammo. The squad first goes
    for that equipment, then (carrying it empty) for ammo equipment, then for the Berserker;
    once the Berserker is wounded any weapon does."""
    from game.gears.bots import wounding_weapons
    from game.gears.rules.state import LocustState

    s = fresh(title, players=2, mission="china_shop")
    s.stage = 2
    view = s.view()
    p1, p2 = s.players
    far = next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(s.cogs[p1].area, a) >= 2)
    s.locusts = {"berserker#1": LocustState("berserker#1", "berserker", far)}
    assert wounding_weapons(s, "berserker") == {"hammer_of_dawn"}
    piece, area = next(iter(view.equipment_area.items()))
    s.equipment[piece] = "hammer_of_dawn"
    plan = squad_plan(s)
    assert plan[p1][0] == [area] and _goal(plan[p1][1]) == ("the {weapons} at the equipment: only it wounds the {name}", ["hammer_of_dawn"])
    s.equipment[piece] = "ammunition"
    s.cogs[p1].weapons.append(("hammer_of_dawn", 0))
    plan = squad_plan(s)
    assert area in plan[p1][0] and _goal(plan[p1][1]) == ("ammo for the {weapons}, the only weapon that wounds the {name}", ["hammer_of_dawn"])
    assert all(a in view.equipment_area.values() for a in plan[p1][0])
    s.cogs[p1].weapons[-1] = ("hammer_of_dawn", 1)
    assert squad_plan(s)[p2][0] == [far]
    s.locusts["berserker#1"].wounded_health = 5
    assert wounding_weapons(s, "berserker") == set()


def test_no_grenade_into_its_own_area_unless_the_stage_needs_the_hole(title):
    """Spec 6.8: every figure in the grenade's area defends against it, the thrower too. Out of
    Emergence's Stage 1 (whose objective is the holes) the squad bot does not seal a hole in its
    own area; in it, it does."""
    s = fresh(title, players=2)
    p1 = s.players[0]
    c = s.cogs[p1]
    c.grenades = 2
    s.holes = {"h": {"area": c.area, "sealed": False, "token": True}}
    _attack_frame(s)
    assert SquadBot(1).decide(s, title.legal_actions(s)).action.kind == "grenade"
    s.stage = 1  # Emergence Stage 2: no Locust in play; the holes are no longer the objective
    choice = SquadBot(1).decide(s, title.legal_actions(s))
    assert choice.action.kind != "grenade", choice.reason


def test_no_shot_with_a_weapon_the_target_shrugs_off(title):
    """Seed p. 26 / spec 8.1: only the Hammer of Dawn wounds an unwounded Berserker. The squad
    bot does not spend its attack on it with a Lancer; once it is wounded, it may."""
    from game.gears.rules.state import LocustState

    s = fresh(title, players=2, mission="china_shop")
    c = s.cogs[s.players[0]]
    view = s.view()
    seen = next(a for a in sorted(view.areas) if a != c.area and view.rdist(c.area, a) == 1
                and los(view, (c.area, c.cover), (a, None)))
    s.locusts = {"berserker#1": LocustState("berserker#1", "berserker", seen)}
    bot = SquadBot(1)
    look = bot.look(s, s.players[0])
    assert look.attack_value("berserker#1", "lancer", "normal", 0) == (0.0, 0.0)
    s.locusts["berserker#1"].wounded_health = 5
    look = bot.look(s, s.players[0])
    assert look.attack_value("berserker#1", "lancer", "normal", 0)[0] > 0



def _drops_then_takes_the_equipment(title, s, weapon: str) -> None:
    """A COG on equipment with full weapon slots: no equipment action is offered, the bot
    discards `weapon` (seed p. 20: at any time), then takes the equipment."""
    acts = title.legal_actions(s)
    assert not any(a.kind == "special" and a.payload["do"] == "equipment" for a in acts)
    choice = SquadBot(1).decide(s, acts)
    assert choice.action.kind == "drop_weapon" and choice.action.payload["weapon"] == weapon, choice.reason
    title.apply(s, choice.action)
    choice = SquadBot(1).decide(s, title.legal_actions(s))
    assert choice.action.kind == "special" and choice.action.payload["do"] == "equipment", choice.reason

def test_makes_room_for_the_weapon_equipment_the_stage_needs(title, monkeypatch):
    """Spec 9.3.2 (Search for the Stranded Stage 2: a COG activates 17B's equipment, a Weapon
    equipment) and seed p. 20 (a weapon may be discarded at any time): the rules offer a weapon
    equipment only to a COG with a free weapon slot (seed 8 at 1 player: a COG with three
    weapons stood on 17B for 140 turns). Here the stage's tile is played by 3B, whose equipment
    is a Weapon: the squad bot discards its least useful weapon (the empty one), then uses it."""
    from game.gears.bots import _SquadLook

    s = fresh(title, players=1, mission="belly_of_the_beast")
    view = s.view()
    assert s.equipment["3B"] == "weapon"
    monkeypatch.setattr(_SquadLook, "stage_tile", lambda self: "3B")
    c = s.cogs[s.players[0]]
    c.area, c.cover = view.equipment_area["3B"], None
    c.weapons = [("lancer", 2), ("snub_pistol", 2), ("gnasher", 0)]
    _drops_then_takes_the_equipment(title, s, "gnasher")
    monkeypatch.setattr(_SquadLook, "stage_tile", lambda self: None)
    c.weapons = [("lancer", 2), ("snub_pistol", 2), ("gnasher", 0)]
    assert SquadBot(1).decide(s, title.legal_actions(s)).action.kind != "drop_weapon"


def _stranded_turn_end(title, stranded_dist: int):
    """Search for the Stranded Stage 3 at the end of P1's turn (rules/turn.py end_turn: the
    'stranded' frame), no Locust on the map, the Stranded `stranded_dist` areas from the exit."""
    from game.gears.rules.spawning import exit_areas, md

    s = fresh(title, players=2, mission="search_for_the_stranded")
    s.stage = 2
    view = s.view()
    exit_ = exit_areas(s)[0]
    md(s)["stranded"] = next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(a, exit_) == stranded_dist)
    s.pending = {"stack": []}
    T.push(s, {"f": "stranded", "player": s.players[0], "left": 2, "paid": False})
    return s


def test_walks_the_stranded_into_the_exit_when_in_reach(title):
    """Spec 9.3.2 (MP1 'Search for the Stranded', Stage 3): at the end of his turn a player may
    discard 1 Order card to move the Stranded up to 2 areas; he entering the map exit flips the
    last stage card, the win. Two areas from the exit, the squad bot pays and walks him in
    (seed 1004 at 2 players: the bot had no answer to this question and always left him)."""
    s = _stranded_turn_end(title, 2)
    bot, reasons = SquadBot(1), []
    for _ in range(4):
        if s.outcome is not None:
            break
        choice = bot.decide(s, title.legal_actions(s))
        reasons.append(choice.reason)
        title.apply(s, choice.action)
    assert s.outcome == "won", reasons
    assert "mission is won" in reasons[0]
    P.release(s)


def test_keeps_the_stranded_away_from_a_locust_in_his_way(title):
    """Spec 9.3.2: one wound on the Stranded loses the mission. With a Butcher standing in every
    area on his way to the exit (4 areas away), the squad bot does not pay to walk him into it."""
    from game.gears.rules.spawning import md
    from game.gears.rules.state import LocustState

    s = _stranded_turn_end(title, 4)
    view = s.view()
    st = md(s)["stranded"]
    ahead = [a for a in view.areas if a in view.move_dist and 1 <= view.mdist(st, a) <= 2]
    for i, a in enumerate(sorted(ahead)):
        s.locusts[f"boomer#{i + 1}"] = LocustState(f"boomer#{i + 1}", "butcher", a)
    choice = SquadBot(1).decide(s, title.legal_actions(s))
    assert choice.action.kind == "stop", choice.reason
    P.release(s)


def test_showdown_squad_stands_one_area_off_the_feral_berserker(real):
    """MP1 'The Showdown' (spec 9.3.1): the Feral Berserker's death unlocks level 2, and it
    attacks every COG in its own area (Butcher AI cards). The plan sends the squad to areas one
    area from it with line of sight (a Scorcher's range 1, a Bolo's range 2), not into its area
    (seed 1 at 2 players: both COGs stood in its area for four turns)."""
    s = start(real, "the_showdown", players=2)
    view = s.view()
    berserker = next(x.area for x in s.locusts.values() if x.enemy == "feral_berserker")
    plan = squad_plan(s)
    assert plan
    for areas, why in plan.values():
        assert "Feral Berserker" in why and areas and berserker not in areas
        assert all(view.rdist(a, berserker) == 1 and los(view, (a, None), (berserker, None)) for a in areas)


def test_showdown_keeps_bolos_for_the_feral_berserker(real):
    """MP1 'The Showdown': unwounded, the Feral Berserker takes wounds only from Scorchers and
    Bolo Grenades; a Bolo at an emergence hole (not the stage's objective) is not worth one of
    them then (seed 1 at 2 players: both Bolos went into holes)."""
    s = start(real, "the_showdown", players=2)
    look = SquadBot(1).look(s, s.players[0])
    hole = next(v["area"] for v in s.holes.values() if not v["sealed"])
    from game.engine.protocol import Action

    score, why = SquadBot(1)._a_grenade(look, Action("grenade", {"area": hole}))
    assert score <= 20 and "kept for the Feral Berserker" in why, why
    s.locusts.clear()
    look = SquadBot(1).look(s, s.players[0])
    assert SquadBot(1)._a_grenade(look, Action("grenade", {"area": hole}))[0] > 20


def test_horde_last_wave_loads_the_hammer_of_dawn_and_the_others_fight_on(title):
    """Horde Mode's last wave (spec 9.2.7, base p. 29: kill every Locust; the Berserker, whom only
    the Hammer of Dawn wounds unwounded, and the Hammer handed to one player): its carrier,
    empty, goes for ammo and then for the Berserker; the other COGs go for the other Locusts
    (seed 1001 at 4 players: the carrier stood twenty turns with it empty)."""
    from game.gears.rules.state import LocustState

    s = fresh(title, players=2, mission="horde_mode")
    s.stage = 5
    view = s.view()
    p1, p2 = s.players
    areas = [a for a in sorted(view.areas) if a in view.move_dist]
    far = next(a for a in areas if view.mdist(s.cogs[p1].area, a) >= 2)
    other = next(a for a in areas if a != far and a != s.cogs[p1].area)
    s.locusts = {"berserker#1": LocustState("berserker#1", "berserker", far),
                 "drone#1": LocustState("drone#1", "drone", other)}
    piece, area = next(iter(view.equipment_area.items()))
    s.equipment[piece] = "ammunition"
    s.cogs[p1].weapons.append(("hammer_of_dawn", 0))
    plan = squad_plan(s)
    assert area in plan[p1][0] and _goal(plan[p1][1]) == ("ammo for the {weapons}, the only weapon that wounds the {name}", ["hammer_of_dawn"]), plan[p1]
    assert plan[p2] == ([other], "the Locusts (killing them is the objective)")
    s.cogs[p1].weapons[-1] = ("hammer_of_dawn", 1)
    plan = squad_plan(s)
    assert plan[p1][0] == [far] and _goal(plan[p1][1]) == ("the {name}: I carry the {weapons}, the only weapon that wounds it", ["hammer_of_dawn"])
    assert plan[p2][0] == [other]


def test_spreads_out_near_locusts_whose_hits_cover_an_area(title):
    """Spread out (issue 20 item 1): a Grenadier's Omen (GRENADE TOSS, MP1 card) wounds every
    other figure in its target's area, so beside a Grenadier a partner in my area is a cost
    (`crowding`), and an area of my own nearby scores better; near a Drone or a Boomer (their
    Omens add a wound to the target only; the Boomer's since the fifteenth pass, enemies.toml)
    it is not: the bot reads the area hits from the enemies' data."""
    from game.gears.rules.state import LocustState

    s, view, p1, p2, here, near = _two_cogs_together(title, 2)
    for quiet in ("drone", "boomer"):
        s.locusts = {f"{quiet}#1": LocustState(f"{quiet}#1", quiet, near)}
        look = SquadBot(1).look(s, p1)
        assert look.crowding(here) == 0.0
    s.locusts = {"grenadier#1": LocustState("grenadier#1", "grenadier", near)}
    look = SquadBot(1).look(s, p1)
    assert look.crowding(here) > 0.0
    side = next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(here, a) == 1)
    assert look.crowding(side) == 0.0
    s.cogs[p2].area = side
    assert SquadBot(1).look(s, p1).crowding(here) == 0.0


def _stranded_pair(title):
    """Search for the Stranded at 2 players, both COGs in P1's area at the start of his Order
    Step, no Locust on the map: (state, view, P1, that area)."""
    s = fresh(title, players=2, mission="search_for_the_stranded")
    p1, p2 = s.players
    s.cogs[p2].area = s.cogs[p1].area
    return s, s.view(), p1, s.cogs[p1].area


def _area_at(view, here: str, d: int) -> str:
    """The first area (by name) d movement steps from `here`."""
    return next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(here, a) == d)


def test_the_active_cog_ends_its_move_on_the_ammo_token(title):
    """MP1 'Search for the Stranded' Stage 1: the active player carries 1 ammo token from his
    COG's area onto the mission card at the end of his Order Step; so the token's area outweighs
    the safety of the area next to it (seed 1000 at 2 players: a COG stepped onto the token and
    back off). A token one step away with a Drone beside it: the move ends on it."""
    from game.gears.rules.state import LocustState

    s, view, p1, here = _stranded_pair(title)
    token = _area_at(view, here, 1)
    s.flags["map_ammo"] = {token: 1}
    s.locusts = {"drone#1": LocustState("drone#1", "drone", token)}
    look = SquadBot(1).look(s, p1)
    assert look.goal_areas() == [token] and look.goal_weight() == 6.0
    assert look.move_gain(1)[1] == token


def test_scattered_stage_3_goes_at_the_grinders(title):
    """Scattered Stage 3 (spec 9.2.5): the mission is won when every COG is on tile 17B, none
    bleeding out, *and* no Grinder is in play; while Grinders stand, the plan sends the squad at
    them (not to any area of 17B) and they are the stage's key enemy."""
    from game.gears.bots import key_enemies
    from game.gears.rules.state import LocustState

    s = fresh(title, players=2, mission="scattered")
    s.stage = 2
    view = s.view()
    there = next(a for a in sorted(view.areas) if a in view.move_dist)
    s.locusts = {"boomer#1": LocustState("boomer#1", "grinder", there)}
    plan = squad_plan(s)
    assert plan and all(areas == [there] and "Grinders: none may be in play" in why for areas, why in plan.values())
    assert key_enemies(s) == ["grinder"]
    s.locusts.clear()
    assert all("Grinder" not in why for _, why in squad_plan(s).values())


def test_showdown_shoots_the_heavily_wounded_feral_berserker_before_a_grenadier(real):
    """MP1 'The Showdown' Stage 1 (spec 9.3.1): the Feral Berserker's death unlocks level 2. On
    its last marker (3, spec 6.4: a wounded Locust takes no wound short of the kill) it
    regenerates to 5 on an Omen, so the kill is all that counts. A COG with a loaded Lancer
    beside it and a Grenadier shoots the Berserker (seed 1 at 2 players: it shot the Grenadier,
    the Berserker regenerated and the squad fell)."""
    from game.gears.rules.state import LocustState

    s = start(real, "the_showdown", players=2)
    p1 = s.players[0]
    here = s.cogs[p1].area
    s.locusts = {"berserker#1": LocustState("berserker#1", "feral_berserker", here, None, "berserker:two_stage", 3),
                 "drone#1": LocustState("drone#1", "grenadier", here)}
    s.cogs[p1].weapons = [("lancer", 2), ("snub_pistol", 2), ("scorcher", 0)]
    _attack_frame(s)
    choice = SquadBot(1).decide(s, real.legal_actions(s))
    assert choice.action.kind == "attack" and choice.action.payload["target"] == "berserker#1", choice.reason
    P.release(s)


def test_showdown_waits_for_the_feral_berserker_rather_than_running_at_it(real):
    """MP1 'The Showdown' (spec 9.3.1; spec 7.1: it uses the Butcher AI cards 9-12, each of
    which moves it toward a COG unless one stands in its area): the Feral Berserker comes to the
    squad, so a step toward it weighs as little as a step toward Locusts that come anyway, a
    third of a step toward the door the stage needs once it is dead (seed 5 at 2 players: a COG
    ran 5 areas after it, alone, into two Palace Guards' sight and lost 3 cards)."""
    s = start(real, "the_showdown", players=2)
    p1 = s.players[0]
    look = SquadBot(1).look(s, p1)
    assert "Feral Berserker" in look.goal_name()
    toward_it = look.goal_weight()
    s.locusts = {q: x for q, x in s.locusts.items() if x.enemy != "feral_berserker"}
    s.locked = [False] * len(s.locked)  # its death unlocks level 2
    look = SquadBot(1).look(s, p1)
    assert "door" in look.goal_name()
    assert toward_it * 3 <= look.goal_weight()
    P.release(s)


def test_showdown_at_4_players_seals_holes_before_the_flip(real):
    """MP1 'The Showdown' Stage 1's back spawns one Locust A per player at every emergence hole
    (spec 9.3.1): at 4 players each hole left open is 4 Grenadiers more in Stage 2 (seeds
    1000-1099: 25 squads reached it, none won). Beyond the 4 Bolos kept for the Feral Berserker
    (a 2-player squad's all), a Bolo at a hole is worth the Locusts it keeps out; a stage whose
    flip spawns nothing there weighs the same throw less."""
    from game.engine.protocol import Action

    s = start(real, "the_showdown", players=4)
    p1 = s.players[0]
    hole = next(v["area"] for v in s.holes.values() if not v["sealed"])
    assert all(c.area != hole for c in s.cogs.values()) and sum(c.grenades for c in s.cogs.values()) == 8
    look = SquadBot(1).look(s, p1)
    assert look.flip_spawns_per_hole() == 4
    score, why = SquadBot(1)._a_grenade(look, Action("grenade", {"area": hole}))
    assert score > 20 and "4 Locust(s) would spawn there when the stage flips" in why, why
    for c in s.cogs.values():
        c.grenades = 1  # the squad's last 4 Bolos: kept for the Feral Berserker
    score, why = SquadBot(1)._a_grenade(SquadBot(1).look(s, p1), Action("grenade", {"area": hole}))
    assert score <= 20 and "kept for the Feral Berserker" in why, why
    s.locusts = {q: x for q, x in s.locusts.items() if x.enemy != "feral_berserker"}
    flip = SquadBot(1)._a_grenade(SquadBot(1).look(s, p1), Action("grenade", {"area": hole}))[0]
    s.stage = 1  # Stage 2's back wins the game: nothing spawns at the holes
    assert SquadBot(1).look(s, p1).flip_spawns_per_hole() == 0
    assert SquadBot(1)._a_grenade(SquadBot(1).look(s, p1), Action("grenade", {"area": hole}))[0] < flip


def test_showdown_at_4_players_a_third_cog_does_not_follow_into_grenade_tosses(real):
    """Seed p. 24 (Follow: a card, and the follower ends in the mover's area) and MP1's
    Grenadier (GRENADE TOSS: each other figure in the target's area takes 1 wound, spec 8.2).
    The Showdown at 4 players, seed 1000: three partners followed the active COG on turns 2
    and 3 (six cards), and each toss then hit three COGs. With one partner already committed
    and Grenadiers within a round's reach, a full-handed COG stays and says why; with no
    area-hitting Locust near (Palace Guards only), the same hand follows as before."""
    s = start(real, "the_showdown", players=4)
    p1, p2, p3 = s.players[:3]
    here = s.cogs[p1].area
    for q in (p2, p3):
        s.cogs[q].area = here
    limit = real.content.cogs[s.cogs[p3].character].hand_limit
    s.cogs[p3].hand = ["roadie_run#1", "advance#1", "assault#1", "advance#2", "assault#2", "roadie_run#2", "advance#3"][:limit]
    assert SquadBot(1).look(s, p3).area_hitters(here) > 0  # the Grenadiers at the holes are a round away
    T.push(s, {"f": "move", "player": p1, "left": 2, "steps": 0, "left_areas": [], "asked": [p2, p3], "followers": [p2]})
    T.push(s, {"f": "follow", "candidates": [p3], "mover": p1, "from": here})
    choice = SquadBot(1).decide(s, real.legal_actions(s))
    assert choice.action.kind == "no_follow" and "spread out" in choice.reason
    s.locusts = {q: x for q, x in s.locusts.items() if x.enemy == "palace_guard"}  # one target an attack
    assert s.locusts and SquadBot(1).look(s, p3).area_hitters(here) == 0
    choice = SquadBot(1).decide(s, real.legal_actions(s))
    assert choice.action.kind == "follow"
    P.release(s)


def test_spreads_out_near_a_berserker_whose_ai_cards_attack_its_whole_area(title):
    """Spec 7.6 (the Berserker's AI cards 21-23: move 1 area toward a COG, then attack each
    figure in its own area) and MP1's Butcher cards (each COG in its area; the Feral Berserker
    borrows them): partners sharing an area all take its dice, so beside one a partner in my
    area costs (`crowding`) as beside a Boomer. China Shop at 4 players, seed 1000: three
    Berserker attacks on the whole squad in 1A:plaza cost 20 cards."""
    from game.gears.rules.state import LocustState

    s, view, p1, p2, here, near = _two_cogs_together(title, 1)
    for enemy in ("berserker", "feral_berserker"):
        s.locusts = {"b#1": LocustState("b#1", enemy, near)}
        look = SquadBot(1).look(s, p1)
        assert look.area_hitters(here) == 1 and look.crowding(here) > 0.0, enemy
    s.locusts = {"drone#1": LocustState("drone#1", "drone", near)}
    assert SquadBot(1).look(s, p1).crowding(here) == 0.0


def test_roadblocks_stage_2_a_lone_cog_on_few_cards_waits_at_the_door(real):
    """Spec 9.2.4 (Roadblocks Stage 2: every COG must reach the map exit of level 2 or 3) and
    spec 6.12 (exploring places the next level and spawns its Locusts at once). Seed 1000 at 4
    players: Marcus reached the door on 1 card with his partners 2-5 areas back and opened
    level 2 alone (three Boomers, six Tickers, four Drones); he was down two turns later. The
    bot now stops at the door and says why; with his partners beside him and a healthy hand,
    the same door is explored. Built as that game stood (the seed's bots no longer walk there
    with every balance pass): level 1 laid, Stage 1 flipped by P1 at its exit (level 2 unlocked,
    its door placed), P1 stepping into the door's area on a move, the partners 2-5 areas back."""
    from game.engine.protocol import Action
    from game.gears.rules import missions as M
    from game.gears.rules.explore import build_level
    from game.gears.rules.movement import steps_from
    from game.gears.rules.spawning import exit_areas

    content = real.content
    s = start(real, "roadblocks", players=4, seed=1000)
    s.locusts.clear()
    while s.location_decks[0].draw_pile:
        last = s.placements[-1]["tile"]
        resolve(s, lambda ctx: build_level(ctx, content, 0, next(e for e in s.view().free_exits
                                                                  if e.startswith(last + ":")), limit=1))
    s.cogs["P1"].area = exit_areas(s)[0]
    resolve(s, M.check_stage, content)  # the flip's question answered with level 2
    assert s.stage == 1 and s.doors
    view = s.view()
    door_area = view.exits[s.doors[0]]
    c = s.cogs["P1"]
    c.area, c.cover = next(a for a in sorted(steps_from(view, door_area))), None
    c.hand = ["advance#1"]
    back = sorted(a for a in view.areas if a in view.move_dist and 2 <= view.mdist(door_area, a) <= 5)
    for i, q in enumerate(s.players[1:]):
        s.cogs[q].area, s.cogs[q].cover = back[i * (len(back) - 1) // 2], None
    s.pending = {"stack": []}
    T.push(s, {"f": "order", "player": "P1"})
    s._legal_memo = None
    real.apply(s, Action("play", {"card": "advance#1", "as": "move"}))
    real.apply(s, Action("step", {"area": door_area}))
    acts = real.legal_actions(s)
    assert any(a.kind == "explore" for a in acts) and (s.pending.get("stack") or [{}])[-1].get("f") == "move"
    me = s.active_player
    cog = s.cogs[me]
    here = cog.area
    cog.hand = cog.hand[:1] or ["advance#1"]
    choice = SquadBot(1).decide(s, acts)
    # It does not open the level: it stops there, or steps on to a better place of this level.
    assert choice.action.kind in ("stop", "step"), choice.reason
    explore = SquadBot(1)._score(SquadBot(1).look(s, me), next(a for a in acts if a.kind == "explore"))
    assert "Wait at the door" in str(explore[1]) and explore[0] < 0
    for q, c in s.cogs.items():
        c.area, c.bleeding = here, False
    cog.hand = ["advance#1", "assault#1", "advance#2", "assault#2", "roadie_run#2"]
    choice = SquadBot(1).decide(s, real.legal_actions(s))
    assert choice.action.kind == "explore"
    P.release(s)


def test_a_cog_stopping_partway_counts_the_cover_it_will_take_there(real):
    """Spec 3.3 and 6.2 (a COG that ends its move takes a free cover spot of the area where it
    stops; turn._end_move). The Showdown at 4 players, seed 1000: a COG stepped out of the
    crowded start area into an area with a free cover spot, weighed stopping there as standing
    in the open, and walked on back into the start area. Stopping partway is now weighed with
    the cover it will take, and the COG stops."""
    from game.gears.rules.movement import free_spots, steps_from

    s = start(real, "the_showdown", players=4)
    p1 = s.players[0]
    home = s.cogs[p1].area
    for q in s.players:
        s.cogs[q].area, s.cogs[q].cover = home, None
    ahead = next(a for a in sorted(steps_from(s.view(), home)) if free_spots(s, a))
    s.cogs[p1].area = ahead
    s.cogs[p1].hand = ["advance#1", "assault#1", "advance#2", "assault#2", "roadie_run#1"]
    T.push(s, {"f": "move", "player": p1, "left": 1, "steps": 1, "left_areas": [home], "asked": list(s.players[1:]),
               "followers": []})
    acts = real.legal_actions(s)
    assert any(a.kind == "step" and a.payload["area"] == home for a in acts)
    choice = SquadBot(1).decide(s, acts)
    assert choice.action.kind == "stop", choice.reason
    P.release(s)


def test_the_squad_advances_in_bounds_toward_the_door(real):
    """Seed p. 24 (Guard: a COG in cover attacks a Locust about to move or attack) and the
    turn order of spec 5 (only the active COG moves; the Locusts act after every turn). The
    Showdown at 2 players with the Feral Berserker dead (its death unlocks level 2, and
    exploring it is the stage's objective) and a Grenadier that can attack the way: the COG
    ahead of its partner holds in cover, and going on alone costs it; its partner behind moves
    up to the next cover toward the door and says so; once the partner is ahead, they swap.
    No COG falls back."""
    from game.gears.rules.movement import free_spots, steps_from
    from game.gears.rules.state import LocustState

    s = start(real, "the_showdown", players=2)
    p1, p2 = s.players
    s.locked = [False] * len(s.locked)
    view = s.view()
    door = next(view.exits[d] for d in s.doors if d in view.exits)
    behind = max(sorted(a for a in view.areas if a in view.move_dist), key=lambda a: view.mdist(a, door))

    def toward(a):  # the first step of a shortest way to the door
        return min(sorted(steps_from(view, a)), key=lambda b: view.mdist(b, door))

    between = toward(behind)
    ahead = toward(between)
    # Two areas past `between` on the way, within 2 areas of it (from the door the Grenadier no
    # longer sees `between`: sight stops at the seams between tiles, spec 3.2).
    s.locusts = {"drone#1": LocustState("drone#1", "grenadier", toward(ahead))}
    s.cogs[p1].area, s.cogs[p2].area = ahead, behind
    for q in (p1, p2):
        s.cogs[q].hand = ["advance#1", "assault#1", "advance#2", "assault#2", "roadie_run#1"]
    look = SquadBot(1).look(s, p1)
    assert "door" in look.goal_name() and look.bounds()[0] == "hold"
    on = next(a for a in view.areas if a in view.move_dist and view.mdist(a, ahead) == 1
              and view.mdist(a, door) < view.mdist(ahead, door))
    assert look.bound_score(on) < 0 and look.bound_score(between) < 0
    s.active = 1
    s.pending = {"stack": []}
    T.push(s, {"f": "move", "player": p2, "left": 2, "steps": 0, "left_areas": [], "asked": [p1], "followers": []})
    look = SquadBot(1).look(s, p2)
    assert look.bounds()[0] == "move"
    cover = [a for a in view.areas if a in view.move_dist and free_spots(s, a) and view.mdist(a, behind) <= 2
             and view.mdist(a, door) < view.mdist(behind, door)]
    assert cover and all(look.bound_score(a) > 0 for a in cover)
    choice = SquadBot(1).decide(s, real.legal_actions(s))
    assert choice.action.kind == "step" and "moving up to the next cover" in choice.reason, choice.reason
    P.release(s)
    s.pending = {"stack": []}
    s.active = 0
    s.cogs[p2].area = next(a for a in view.areas if a in view.move_dist and view.mdist(a, door) < view.mdist(ahead, door))
    assert SquadBot(1).look(s, p1).bounds()[0] == "move"  # the partner is ahead now: they swap


def test_a_cog_in_cover_guards_for_a_partner_in_the_open(title):
    """Seed p. 24 (Guard: one attack on a Locust about to move or attack, before it does, for a
    card): the holding half of a bound covers the movers. A COG in cover with a likely kill on
    a Drone that can attack its partner standing in the open Guards at a lower price, and says
    whom it covers; with the partner in cover too, the same Guard is weighed as before."""
    from game.engine.protocol import Action
    from game.gears.rules.state import LocustState

    s = fresh(title, players=2)
    p1, p2 = s.players
    view = s.view()
    here = next(a for a in sorted(view.areas) if a in view.move_dist and len(view.cover_in.get(a, ())) >= 2)
    near = next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(here, a) == 1)
    spot, other = view.cover_in[here][:2]
    s.cogs[p1].area, s.cogs[p1].cover = here, None
    s.cogs[p2].area, s.cogs[p2].cover = here, spot
    s.cogs[p2].hand = ["advance#1", "advance#2", "advance#3", "advance#4", "assault#1"]
    s.cogs[p2].weapons = [("lancer", 3)]
    s.locusts = {"drone#1": LocustState("drone#1", "drone", near)}
    s.proc = {"name": "x", "args": {}, "checkpoint": {}, "answers": [], "emitted": 0,
              "pending": {"decider": p2, "kind": "guard", "prompt": "guard?", "about": {"figure": "drone#1"},
                          "options": [], "labels": []}}
    guard = Action("guard", {"guard": p2, "card": "advance#1", "weapon": "lancer", "mode": "normal"})
    bot = SquadBot(1)
    covering, why = bot._a_guard(bot.look(s, p2), guard)
    assert "covering" in why
    s.cogs[p1].cover = other
    plain, why = bot._a_guard(bot.look(s, p2), guard)
    assert "covering" not in why and covering > plain


def _stranded_stage_2_on_17b(real, content, hand, dist: int = 0):
    """Search for the Stranded Stage 2 (spec 9.3.2: the stage flips when a COG uses 17B's
    equipment; its back puts the Stranded there and spawns Butchers at the map exit): 17B
    explored, no Locust on the map, P1 `dist` areas from the equipment area with `hand` and a
    free weapon slot, at the start of his Order Step."""
    from game.gears.rules.explore import build_level

    s = start(real, "search_for_the_stranded", players=2)
    s.stage = 1
    s.locked[1] = False
    door = s.doors[0]
    s.doors.remove(door)
    resolve(s, lambda ctx: build_level(ctx, content, 1, door))
    s.locusts.clear()
    view = s.view()
    eq = view.equipment_area["17B"]
    c = s.cogs[s.players[0]]
    c.area = next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(a, eq) == dist)
    c.cover, c.hand, c.weapons = None, list(hand), c.weapons[:2]
    s.pending = {"stack": []}
    T.push(s, {"f": "order", "player": s.players[0]})
    return s


def _play_turn(real, s, bot, order_step_only: bool = False):
    """P1's whole turn by the squad bot (or only its Order Step), to the next player's first
    decision or the game's end; the reasons given."""
    reasons = []
    for _ in range(60):
        if s.outcome is not None or real.current_decider(s) != s.players[0] or s.active != 0:
            break
        choice = bot.decide(s, real.legal_actions(s))
        reasons.append(str(choice.reason))
        real.apply(s, choice.action)
        if order_step_only and choice.action.kind == "end":
            break
    return reasons


def test_stranded_stage_2_sit_tight_first_then_the_equipment_and_the_stranded_walks_out(real, content):
    """Spec 9.3.2 (Stage 2 back: the Stranded is placed on 17B's equipment area, one area from
    the exit, and a Butcher spawns at the exit; Stage 3: at the end of his turn a player may
    discard a card to move him up to 2 areas, the exit wins) and FAQ v1.1 (Sit Tight skips the
    Locust Activation Step). Traces at 2 players (seeds 1019, 1021, 1030, 1031, 1040) lost the
    Stranded to the very activation of the flip turn. On the equipment with Sit Tight in hand,
    the squad bot plays it first, then uses the equipment: no Locust activates, and the end of
    the turn walks the Stranded into the exit: the mission is won in that turn."""
    s = _stranded_stage_2_on_17b(real, content, ["sit_tight#1", "advance#1", "assault#1"])
    reasons = _play_turn(real, s, SquadBot(1))
    assert "then use the equipment" in reasons[0], reasons
    assert s.outcome == "won", reasons
    P.release(s)


def test_stranded_stage_2_the_equipment_waits_for_sit_tight_after_the_card_is_played(real, content):
    """Spec 9.3.2 and FAQ v1.1, as above: with this turn's card already played and Sit Tight
    in hand, the squad bot leaves 17B's equipment for the next turn (Sit Tight first then),
    rather than let the Locusts activate on the Stranded; without Sit Tight it uses it now."""
    s = _stranded_stage_2_on_17b(real, content, ["sit_tight#1", "advance#1", "assault#1"])
    s.flags["played"] = True
    choice = SquadBot(1).decide(s, real.legal_actions(s))
    assert not (choice.action.kind == "special" and choice.action.payload["do"] == "equipment"), choice.reason
    assert "Sit Tight" in str(SquadBot(1)._score(SquadBot(1).look(s, s.players[0]), next(
        a for a in real.legal_actions(s) if a.kind == "special" and a.payload["do"] == "equipment"))[1])
    s.cogs[s.players[0]].hand = ["advance#1", "assault#1", "ambush#1"]
    choice = SquadBot(1).decide(s, real.legal_actions(s))
    assert choice.action.kind == "special" and choice.action.payload["do"] == "equipment", choice.reason
    P.release(s)


def test_stranded_stage_2_reaches_the_equipment_rather_than_shooting(real, content):
    """Spec 9.3.2 (Stage 2 flips when a COG uses 17B's equipment) and spec 6.10 (a special
    action costs a card, before or after the card's actions). Seed 1009 at 2 players: a COG
    one area from the equipment with 6 cards played Ambush at a Grenadier (78% to kill) and
    the squad fell beside it. Two areas off, with a Flame Grenadier in sight, the squad bot
    plays a card that reaches the equipment, and Explore's own free use of it saves the card a
    special action costs: the stage flips this turn with two cards still in hand."""
    s = _stranded_stage_2_on_17b(real, content, ["explore#1", "assault#1", "ambush#1"], dist=2)
    view = s.view()
    me = s.cogs[s.players[0]]
    near = next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(a, me.area) == 1
                and view.mdist(a, view.equipment_area["17B"]) >= 2)
    s.locusts["drone#1"] = LocustState("drone#1", "flame_grenadier", near)
    reasons = _play_turn(real, s, SquadBot(1), order_step_only=True)
    assert "to reach" in reasons[0] and "Explore" in reasons[0], reasons
    assert s.stage == 2 and len(me.hand) == 2, reasons
    P.release(s)


def test_stranded_stage_1_card_19_discards_the_ammo_tokens_farthest_from_the_squad(title):
    """Spec 9.3.3 (MP1 card 19: each player discards a map ammo token of his choice) and 9.3.2
    (Stage 1: the active COG carries a token from his own area onto the mission card). Seed
    1008 at 4 players: with no preference the bot discarded the token the squad stood on.
    Tokens 1 area off, 3 areas off and farthest (P1 carries the one in his own area onto the
    card first): the two players discard the two far ones."""
    from game.engine.protocol import Action

    s, view, p1, here = _stranded_pair(title)
    near, mid = _area_at(view, here, 1), _area_at(view, here, 3)
    far = max(sorted(a for a in view.areas if a in view.move_dist), key=lambda a: view.mdist(here, a))
    s.flags["map_ammo"] = {here: 1, near: 1, mid: 1, far: 1}
    s.flags["played"] = True
    s.ai.draw_pile = ["mp1:19"] + [k for k in s.ai.draw_pile if k != "mp1:19"]
    title.apply(s, Action("end", {}))
    bots = {}
    while s.proc is not None and title.legal_actions(s)[0].kind == "map_ammo":
        d = title.current_decider(s)
        title.apply(s, bots.setdefault(d, SquadBot(1)).decide(s, title.legal_actions(s)).action)
    assert s.flags["map_ammo"] == {near: 1}
    P.release(s)


def test_stranded_stage_2_no_flip_on_the_last_card(real, content):
    """Spec 9.3.2 (Stage 3: the Stranded moves only when the player at the end of his turn
    discards a card; any wound on him loses) and 6.10 (the equipment's special action costs a
    card). Seeds 1024 and 1048 at 2 players: 17B's equipment used with the last card, so no
    card was left to walk him out and he stood through two Locust activations. On the
    equipment with one card and this turn's card played, the squad bot waits; with two, it
    uses it."""
    s = _stranded_stage_2_on_17b(real, content, ["advance#1"])
    s.flags["played"] = True
    choice = SquadBot(1).decide(s, real.legal_actions(s))
    assert not (choice.action.kind == "special" and choice.action.payload["do"] == "equipment"), choice.reason
    s.cogs[s.players[0]].hand = ["advance#1", "assault#1"]
    choice = SquadBot(1).decide(s, real.legal_actions(s))
    assert choice.action.kind == "special" and choice.action.payload["do"] == "equipment", choice.reason
    P.release(s)


@P.RESOLVER.procedure("test_locust_path")
def _test_locust_path(ctx, mover, stale):
    """One step of Locust `mover` among all its steps (a `locust_path` question when it has
    several), after an activation of `stale` earlier in the Locust step left the rules'
    `activating` flag set."""
    from game.gears import ai
    from game.gears.rules.movement import steps_from
    from game.gears.rules.shared import content

    ctx.state.flags["activating"] = stale
    ai.move_locust(ctx, content(), mover, lambda a: steps_from(ctx.state.view(), a), 1, {}, guard=False)


def _ask(s, procedure: str, kind: str, args: dict):
    """Start the test `procedure` on `s` (any earlier one released) and return the actions of
    the `kind` question it pauses on."""
    from game.engine.protocol import Action

    P.release(s)
    s.proc = None
    P.RESOLVER.start(s, procedure, args)
    assert s.proc["pending"]["kind"] == kind
    return [Action(kind, o) for o in s.proc["pending"]["options"]]


def _path_question(s, mover, stale):
    return _ask(s, "test_locust_path", "locust_path", {"mover": mover, "stale": stale})


def test_china_shop_the_berserker_is_sent_through_the_map_exit_when_the_rules_leave_the_way_open(real):
    """Spec 9.2.2 (China Shop Stages 1-2 flip when the Berserker moves into the level's map
    exit) and spec 6.2 (among a Locust's equally short ways the active player chooses): when
    the exit is one of its steps, the bot sends it there and says why; no other step scores as
    high. Another Locust moving later in the same Locust step is not: the question is about the
    figure that moves (`ai.asking_locust`), not the rules' `activating` flag, which stays set
    for the whole step (the Drone was sent to the exit as if it were the Berserker)."""
    from game.gears.ai import asking_locust
    from game.gears.rules.missions import _exit_area_of_level
    from game.gears.rules.movement import steps_from
    from game.gears.rules.state import GearsState

    s = start(real, "china_shop", players=4)
    view = s.view()
    exit_ = _exit_area_of_level(s, 1)
    b = next(x for x in s.locusts.values() if x.enemy == "berserker")
    drone = next(x for x in s.locusts.values() if x.enemy == "drone")
    b.area = drone.area = next(a for a in sorted(view.areas) if a in view.move_dist and exit_ in steps_from(view, a)
                               and len(steps_from(view, a)) >= 2)
    acts = _path_question(s, b.id, drone.id)
    assert asking_locust(s) == b.id
    look = SquadBot(1).look(s, s.players[0])
    scored = {a.payload["area"]: SquadBot(1)._score(look, a) for a in acts}
    assert "map exit" in scored[exit_][1] and all(scored[exit_][0] > v[0] for k, v in scored.items() if k != exit_)
    assert SquadBot(1).decide(s, acts).action.payload["area"] == exit_
    # The Drone moving after the Berserker's activation: its way is chosen as any Locust's.
    acts = _path_question(s, drone.id, b.id)
    assert s.flags["activating"] == b.id and asking_locust(s) == drone.id
    assert asking_locust(GearsState.from_json(s.to_json(), s.loader)) == drone.id
    look = SquadBot(1).look(s, s.players[0])
    assert not any("map exit" in str(SquadBot(1)._score(look, a)[1]) for a in acts)
    P.release(s)


def test_china_shop_a_cog_beside_the_berserker_moves_out_of_its_reach_rather_than_shooting(real):
    """Spec 7.6 (the Berserker's AI cards 20-22: move 1 area toward a COG, then attack every
    figure in its own area) and spec 6.13 (a card is a point of health). China Shop at 4
    players, seed 1022: the squad shot Wretches from the start area, the Berserker's, for four
    turns (kills outscored a move), and one Berserker attack then put three COGs down. A COG in
    its reach now plays the card that takes it out and says why; with the Berserker gone, the
    same hand shoots."""
    s = start(real, "china_shop", players=4)
    p1 = s.players[0]
    b = next(x for x in s.locusts.values() if x.enemy == "berserker")
    assert s.cogs[p1].area == b.area
    s.cogs[p1].hand = ["roadie_run#1", "active_reload#1", "blind_fire#1", "assault#1", "advance#1"]
    choice = SquadBot(1).decide(s, real.legal_actions(s))
    assert "out of the reach of Berserker" in choice.reason, choice.reason
    look = SquadBot(1).look(s, p1)
    assert look.smashers_near(look.move_gain(SquadBot._move_of(look, choice.action))[1]) == []
    del s.locusts[b.id]
    choice = SquadBot(1).decide(s, real.legal_actions(s))
    assert "out of the reach" not in choice.reason and "kill" in choice.reason, choice.reason
    P.release(s)


def test_after_exploring_partway_the_rest_of_the_move_seeks_safety_not_the_goal(real):
    """Spec 6.12 (exploring places the next level and spawns its Locusts at once) and spec
    6.2 (a move card's areas may be spent after exploring). Scattered at 4 players, seed
    1000: Marcus opened 17B on Roadie Run with his partners five areas back and walked on
    toward its four new Grinders, which then came to him alone. Once the move has explored
    (the bot remembers its own exploration) and the goal is where Locusts stand, what is left of it weighs
    safety only: with Grinders at the door and two beside his way, the COG that would otherwise
    step on toward the door stops, and says why. Toward a place with no Locust in it
    (Roadblocks' exit) the move goes on as before."""
    from game.gears.rules.movement import next_steps_toward

    s = start(real, "scattered", players=4)
    view = s.view()
    me = s.players[2]  # in level 1's section with the door ahead
    s.active = 2
    s.pending = {"stack": []}
    door = SquadBot(1).look(s, me).goal_areas()[0]
    here = s.cogs[me].area
    beside = next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(here, a) == 2
                  and view.mdist(a, door) >= view.mdist(here, door))
    s.locusts = {f"grinder#{i}": LocustState(f"grinder#{i}", "grinder", a) for i, a in ((1, beside), (2, beside), (3, door))}
    frame = {"f": "move", "player": me, "left": 2, "steps": 1, "left_areas": [here], "asked": [], "followers": []}
    T.push(s, dict(frame))
    choice = SquadBot(1).decide(s, real.legal_actions(s))
    assert choice.action.kind == "step" and choice.action.payload["area"] in next_steps_toward(view, here, door), choice.reason
    bot = SquadBot(1)
    bot.explored = [s.turn, here, len(s.placements)]  # explored in this move, no tile out yet
    s.pending = {"stack": []}
    T.push(s, dict(frame))
    assert not bot.look(s, me).explored_this_move()
    bot.explored = [s.turn, here, len(s.placements) - 1]  # ... and a tile came out of it
    choice = bot.decide(s, real.legal_actions(s))
    assert choice.action.kind == "stop" and "exploring has just brought out" in choice.reason, choice.reason
    assert SquadBot(1).look(s, me).explored_this_move() is False  # another bot did not explore
    bot.set_state(bot.get_state())  # the memory is saved with the bot
    assert bot.look(s, me).explored_this_move()
    del s.locusts["grinder#3"]
    assert not bot.look(s, me).explored_this_move()
    P.release(s)


def test_a_move_does_not_step_back_into_an_area_it_left(real):
    """Spec 6.2 (a move is up to N steps, each into an adjacent area; cover is taken where the
    move ends, turn._end_move). Search for the Stranded at 4 players, seed 1004: a COG in the
    open played Roadie Run, stepped to 8A:coal_heap and straight back to 8A:platform, whose
    free cover spot now counted for stopping there, and a partner paid a card to follow him
    there and back. A step back into an area the move has left is not taken: the COG stops
    or goes on."""
    from game.gears.rules.movement import free_spots, steps_from

    s = start(real, "search_for_the_stranded", players=2)
    p1, p2 = s.players
    view = s.view()
    home = s.cogs[p1].area
    # An area next to home with no free cover spot, home with one, and a Locust that sees
    # both: stopping in the open beside it is worse than home's cover.
    ahead = sorted(steps_from(view, home))[0]
    s.locusts = {}
    for q in s.players:
        s.cogs[q].area, s.cogs[q].cover = home, None
    s.cogs[p1].area = ahead
    assert free_spots(s, home)
    s.cogs[p1].hand = ["advance#1", "assault#1", "advance#2", "assault#2", "roadie_run#1"]
    s.locusts = {"boomer#1": LocustState("boomer#1", "butcher", ahead)}
    T.push(s, {"f": "move", "player": p1, "left": 3, "steps": 1, "left_areas": [home], "asked": [p2],
               "followers": []})
    acts = real.legal_actions(s)
    assert any(a.kind == "step" and a.payload["area"] == home for a in acts)
    look = SquadBot(1).look(s, p1)
    assert look.move_gain(3)[1] != home
    choice = SquadBot(1).decide(s, acts)
    assert not (choice.action.kind == "step" and choice.action.payload["area"] == home), choice.reason
    P.release(s)


def test_a_grenade_at_a_hole_is_weighed_by_its_chance_to_seal_spec_6_8(title, content):
    """Spec 6.8: a Bolo Grenade seals an open hole in its area only with an Omen (one hole per
    Omen), about 52% with its 4 dice. The squad bot weighs the throw by the rules' own preview
    of it (attack.grenade_seal_chances), so a likely kill of a dangerous Locust can come first,
    and says the chance; the cautious level still counts a sure seal."""
    from fractions import Fraction

    from game.gears.rules.attack import grenade_dice, grenade_seal_chances

    s = fresh(title, players=2)
    p1 = s.players[0]
    c = s.cogs[p1]
    c.grenades = 2
    view = s.view()
    away = _next_area_in_sight(view, c)
    s.holes = {"h": {"area": away, "sealed": False, "token": True}}
    n = grenade_dice(content)
    chances = grenade_seal_chances(s, content, away)
    assert chances[1] == 1 - Fraction(5, 6) ** n and chances[0] == Fraction(5, 6) ** n
    s.holes["h2"] = {"area": away, "sealed": False, "token": True}
    assert max(grenade_seal_chances(s, content, away)) == 2
    del s.holes["h2"]
    _attack_frame(s)
    acts = title.legal_actions(s)
    g = next(a for a in acts if a.kind == "grenade" and a.payload["area"] == away)
    bot, cautious = SquadBot(1), CogBot(1)
    squad_look, cautious_look = bot.look(s, p1), cautious.look(s, p1)
    score, why = bot._score(squad_look, g)
    sure, _ = cautious._score(cautious_look, g)
    assert abs(score - sure * float(chances[1])) < 1e-6 and "0.52" in str(why)
    # Still the throw when nothing better is offered.
    assert bot.decide(s, acts).action.kind == "grenade"


@P.RESOLVER.procedure("test_target_tie")
def _test_target_tie(ctx, asker, stale):
    """A target tie asked by Locust `asker`'s instruction (None: by the card itself, as an
    event card's), after an activation of `stale` earlier in the Locust step left the rules'
    `activating` flag set (ai.locust_step clears it only when the step ends)."""
    from game.gears import ai
    from game.gears.rules.shared import content

    ctx.state.flags["activating"] = stale
    ai.move_target(ctx, content(), "nearest_cog", {"self": asker} if asker else {})


def _tie_question(s, asker, stale):
    return _ask(s, "test_target_tie", "target_tie", {"asker": asker, "stale": stale})


def _tie_board(title):
    """Four COGs: P1-P3 together (P1 with the most cards), P4 alone in an area as far from a
    third area as theirs, where the Locusts stand."""
    s = fresh(title, players=4, mission="roadblocks")
    view = s.view()
    p1, p2, p3, p4 = s.players
    here = s.cogs[p1].area
    pair = next((o, m) for o in sorted(view.areas) if o != here and o in view.move_dist
                for m in sorted(view.areas) if m not in (here, o) and m in view.move_dist
                and view.mdist(m, here) == view.mdist(m, o) < INF)
    for q in (p1, p2, p3):
        s.cogs[q].area, s.cogs[q].cover = here, None
    s.cogs[p4].area, s.cogs[p4].cover = pair[0], None
    for q in s.players:
        s.cogs[q].hand = ["advance#1", "assault#1", "advance#2", "assault#2"]
    s.cogs[p1].hand.append("assault#3")  # p1 has the most cards: the pick without the Locust
    return s, pair[1]


def test_a_tie_for_a_locust_that_hits_a_whole_area_goes_to_the_lone_cog(title):
    """Spec 7.4 (COGs tied as a Locust's target: the active player chooses) and spec 9.2.4 (a
    Ticker's explosion wounds every figure in its area). The tie question does not name the
    Locust; the squad bot reads the asking figure from its view and sends a Ticker at the
    COG standing alone rather than at one with partners beside him; for a Locust whose hit is
    on one figure the pick stays by cards and cover."""
    s, mid = _tie_board(title)
    p1, p4 = s.players[0], s.players[3]
    s.locusts = {"ticker#1": LocustState("ticker#1", "ticker", mid)}
    acts = _tie_question(s, "ticker#1", "ticker#1")
    assert {a.payload["cog"] for a in acts} == {p1, s.players[1], s.players[2], p4}
    assert SquadBot(1).decide(s, acts).action.payload["cog"] == p4
    assert CogBot(1).decide(s, acts).action.payload["cog"] == p1
    s.locusts = {"drone#1": LocustState("drone#1", "drone", mid)}
    acts = _tie_question(s, "drone#1", "drone#1")
    assert SquadBot(1).decide(s, acts).action.payload["cog"] == p1
    P.release(s)


def test_a_tie_asked_after_an_activation_does_not_read_the_stale_locust(title):
    """Spec 7.4: the active player picks among COGs tied as *this* instruction's target. The
    rules' `activating` flag stays set for the whole Locust step (ai.locust_step clears it at
    the end), so a tie asked later in the step by another figure (a spawned one's own
    instruction, an event card) or by the card itself read the last activated Locust: a Drone's
    or a card's tie was sent at the lone COG as if the Ticker activated before it asked. The
    asker (`ai.asking_locust`) is noted beside the question, outside the state: the state hash and
    the question stay as saves have them, and a copy read back (a load) finds the same asker by
    running the paused resolution again from its checkpoint."""
    from game.gears.ai import asking_locust as tie_asker
    from game.gears.rules.state import GearsState
    from game.gears.rules.view import view_for

    s, mid = _tie_board(title)
    p1, p4 = s.players[0], s.players[3]
    s.locusts = {"ticker#1": LocustState("ticker#1", "ticker", mid), "drone#1": LocustState("drone#1", "drone", mid)}
    acts = _tie_question(s, "drone#1", "ticker#1")
    assert s.flags["activating"] == "ticker#1" and tie_asker(s) == "drone#1"
    pick = SquadBot(1).decide(s, acts)
    assert pick.action.payload["cog"] == p1 and "Ticker" not in str(pick.reason)
    # Outside the state: the JSON (so the hash) is the same with or without the note, and a
    # copy read back from it (no note) finds the same asker, as does a seat's view.
    copy = GearsState.from_json(s.to_json(), s.loader)
    assert "_asking_locust" not in copy.__dict__ and copy.state_hash() == s.state_hash()
    assert tie_asker(copy) == "drone#1" and tie_asker(view_for(s, p1)) == "drone#1"
    assert tie_asker(view_for(copy, p1)) == "drone#1"
    assert SquadBot(1).decide(copy, acts).action == pick.action
    # The card itself asks (no figure): no Locust's area hit is weighed.
    s.cogs[p4].area = s.cogs[p1].area
    acts = _tie_question(s, None, "ticker#1")
    assert tie_asker(s) is None and tie_asker(GearsState.from_json(s.to_json(), s.loader)) is None
    assert "Ticker" not in str(SquadBot(1).decide(s, acts).reason)
    # The Ticker asking: the lone COG, as before.
    s.cogs[p4].area = next(a for a in sorted(s.view().areas) if s.view().mdist(mid, a) == s.view().mdist(mid, s.cogs[p1].area)
                           and a != s.cogs[p1].area)
    acts = _tie_question(s, "ticker#1", "drone#1")
    assert tie_asker(s) == "ticker#1" and SquadBot(1).decide(s, acts).action.payload["cog"] == p4
    P.release(s)


def test_roadblocks_stage_2_the_last_cogs_go_into_the_exit_together(title, monkeypatch):
    """Roadblocks Stage 2 (spec 9.2.4: every COG at the map exit and none bleeding out) and seed
    p. 24 (COGs in the active COG's area may follow his move, a card each, and arrive where it
    ends; the stage flips as they arrive). With the squad in one area in reach of the exit, the
    active COG's move into the exit is worth it (every partner holds a Follow card), and each
    partner follows; not when one has no Follow card, nor while a COG bleeds out."""
    from game.gears.rules import missions

    s = fresh(title, players=4, mission="roadblocks")
    s.stage = 1  # Stage 2: all_cogs_at_exit
    view = s.view()
    p1 = s.players[0]
    home = s.cogs[p1].area
    far = next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(home, a) == 2)
    monkeypatch.setattr(missions, "_exit_area_of_level", lambda state, level: far)
    for q in s.players:
        s.cogs[q].area, s.cogs[q].cover = home, None
        s.cogs[q].hand = ["roadie_run#1", "assault#1", "advance#2", "assault#2"]
    look = SquadBot(1).look(s, p1)
    assert look.exit_together() == [far, far] and look.all_in_with_me()
    assert look.position(far)[0] - look.position(home)[0] > 40
    s.cogs[s.players[3]].hand = ["assault#1", "advance#2"]  # no Follow card: he cannot come
    look = SquadBot(1).look(s, p1)
    assert not look.all_in_with_me() and look.position(far)[0] - look.position(home)[0] < 40
    s.cogs[s.players[3]].hand = ["roadie_run#2", "assault#1"]
    # The move is announced; the partners in the area are asked to follow.
    T.push(s, {"f": "move", "player": p1, "left": 2, "steps": 0, "left_areas": [], "asked": list(s.players[1:]),
               "followers": []})
    T.push(s, {"f": "follow", "candidates": list(s.players[1:]), "mover": p1, "from": home})
    choice = SquadBot(1).decide(s, title.legal_actions(s))
    assert choice.action.kind == "follow" and "every COG" in choice.reason, choice.reason
    s.cogs[s.players[3]].bleeding = True  # a COG bleeding out: arriving does not win
    choice = SquadBot(1).decide(s, title.legal_actions(s))
    assert "every COG" not in choice.reason


def test_roadblocks_stage_1_at_4_players_two_lead_and_the_rest_keep_2_areas_behind(real, monkeypatch):
    """Roadblocks Stage 1 (spec 9.2.4: it flips when one COG enters the last tile of level 1;
    each tile entered spawns a Ticker per player, and a Ticker's explosion and chain reactions
    wound every figure in its area). At 4 players the two COGs nearest the exit head for it
    and the other two keep 2 areas behind the foremost; at 2 players both go."""
    from game.gears.rules import spawning

    s = start(real, "roadblocks", players=4)
    view = s.view()
    p1, p2, p3, p4 = s.players
    home = s.cogs[p1].area
    areas = [a for a in sorted(view.areas) if a in view.move_dist]
    far = max(areas, key=lambda a: (view.mdist(home, a), a))
    assert view.mdist(home, far) >= 2
    monkeypatch.setattr(spawning, "exit_areas", lambda state: [far])
    for q in s.players:
        s.cogs[q].area = home
    behind = [a for a in areas if view.mdist(a, home) == 2 and view.mdist(a, far) > view.mdist(home, far)]
    assert behind
    plan = squad_plan(s)
    assert plan[p1][0] == [far] and plan[p2][0] == [far]
    assert plan[p3][0] == plan[p4][0] and set(plan[p3][0]) <= set(behind)
    assert "behind" in plan[p3][1].msgid
    s2 = start(real, "roadblocks", players=2)
    for q in s2.players:
        s2.cogs[q].area = home
    assert all(v[0] == [far] for v in squad_plan(s2).values())


def test_china_shop_stage_3_makes_room_for_the_hammer_of_dawn(title):
    """China Shop Stage 3 (spec 9.2.2, seed p. 26: only the Hammer of Dawn wounds the unwounded
    Berserker; 17A's equipment gives it) and seed p. 20 (a weapon may be discarded at any time;
    the rules offer a weapon equipment only to a COG with a free weapon slot). Seed 1020 at 2
    players: both COGs, three weapons each, stood on the Hammer's equipment for 600 turns. The
    squad bot discards its least useful weapon there, then takes the Hammer."""
    from game.gears.rules.state import LocustState

    s = fresh(title, players=2, mission="china_shop")
    s.stage = 2
    view = s.view()
    p1 = s.players[0]
    far = next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(s.cogs[p1].area, a) >= 2)
    s.locusts = {"berserker#1": LocustState("berserker#1", "berserker", far)}
    piece, area = next(iter(view.equipment_area.items()))
    s.equipment[piece] = "hammer_of_dawn"
    c = s.cogs[p1]
    c.area, c.cover = area, None
    c.weapons = [("lancer", 2), ("snub_pistol", 2), ("hammerburst", 0)]
    c.hand = ["advance#1", "assault#1", "advance#2", "teamwork#1"]
    _drops_then_takes_the_equipment(title, s, "hammerburst")
    s.locusts["berserker#1"].wounded_health = 5  # wounded: any weapon wounds it now
    c.weapons = [("lancer", 2), ("snub_pistol", 2), ("hammerburst", 0)]
    assert SquadBot(1).decide(s, title.legal_actions(s)).action.kind != "drop_weapon"


def test_emergence_at_4_players_one_cog_goes_to_the_last_hole_the_others_fight(title):
    """Emergence Stage 1 (spec 9.2.1: it flips when every hole is sealed, the last one by a
    Bolo; its back spawns at the map exit and walks the Wretches and Drones to the nearest
    COG). At 3+ players one grenade carrier is sent to the open hole's throwing range and the
    partners go for the Locusts, weighed as the Locusts (they come to the squad anyway), rather
    than crowding beside the thrower; at 2 players the partner still covers him."""
    from game.gears.rules.state import LocustState

    for players in (4, 2):
        s = fresh(title, players=players)
        view = s.view()
        here = s.cogs[s.players[0]].area
        areas = [a for a in sorted(view.areas) if a in view.move_dist]
        hole = max(areas, key=lambda a: (view.mdist(here, a), a))
        foe = next(a for a in areas if view.mdist(here, a) == 1)
        assert view.mdist(here, hole) >= 4
        for q in s.players:
            s.cogs[q].area, s.cogs[q].grenades = here, 2
        s.holes = {"h": {"area": hole, "sealed": False, "token": True}}
        s.locusts = {"wretch#1": LocustState("wretch#1", "wretch", foe)}
        plan = squad_plan(s)
        throwers = [q for q, (spots, why) in plan.items() if "throwing range" in why.msgid]
        assert len(throwers) == 1
        t = throwers[0]
        spots = plan[t][0]
        assert spots and all(view.rdist(a, hole) <= 2 for a in spots)
        for q in s.players:
            if q == t:
                continue
            if players == 4:
                assert plan[q][0] == [foe] and "do not crowd" in plan[q][1].msgid
                look = SquadBot(1).look(s, q)
                assert look.goal_areas() == [foe] and look.goal_weight() == 0.5
            else:
                assert plan[q][0] == spots and "cover him" in plan[q][1].msgid


def test_emergence_at_4_players_the_last_seal_waits_while_a_cog_by_the_hole_is_nearly_down(title):
    """Emergence Stage 1 (spec 9.2.1): the Bolo that seals the last hole flips the stage, whose
    back spawns at the map exit and walks the Wretches and Drones toward the nearest COG. At 3+
    players the squad bot holds that grenade while a standing COG within 2 areas of the hole has
    2 cards or fewer, and throws it when everyone near has more; at 2 players it never waits."""
    for players in (4, 2):
        s = fresh(title, players=players)
        p1, p2 = s.players[0], s.players[1]
        c = s.cogs[p1]
        c.grenades = 2
        view = s.view()
        away = _next_area_in_sight(view, c)
        s.holes = {"h": {"area": away, "sealed": False, "token": True}}
        far = next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(a, away) > 2)
        s.cogs[p2].area = c.area
        _attack_frame(s)
        acts = title.legal_actions(s)
        g = next(a for a in acts if a.kind == "grenade" and a.payload["area"] == away)
        bot = SquadBot(1)
        throw, _ = bot._score(bot.look(s, p1), g)
        assert throw > 100 and len(s.cogs[p2].hand) > 2
        s.cogs[p2].hand = s.cogs[p2].hand[:1]
        score, why = bot._score(bot.look(s, p1), g)
        if players == 4:
            assert score < throw / 4 and why.msgid.startswith("Hold the Bolo Grenade")
            assert bot.decide(s, acts).action.kind != "grenade"
            s.cogs[p2].area = far
            assert bot._score(bot.look(s, p1), g)[0] == throw
        else:
            assert score == throw and bot.decide(s, acts).action.kind == "grenade"


def test_emergence_at_4_players_no_assault_played_for_a_seal_that_waits(title):
    """The same wait (spec 9.2.1 flip; `seal_wait`): Assault (move 3, then attack) is not valued
    or worded as 'then a grenade at the open hole' while the last seal waits, and is when it
    does not."""
    s = fresh(title, players=4)
    p1, p2 = s.players[0], s.players[1]
    c = s.cogs[p1]
    c.grenades = 2
    c.hand = ["assault#1", "teamwork#1", "teamwork#2", "teamwork#3", "advance#1"]
    view = s.view()
    hole = next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(c.area, a) == 4)
    s.holes = {"h": {"area": hole, "sealed": False, "token": True}}
    s.cogs[p2].area = next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(a, hole) == 1)
    acts = title.legal_actions(s)
    play = next(a for a in acts if a.kind == "play" and a.payload == {"card": "assault#1", "as": "card"})
    bot = SquadBot(1)
    look = bot.look(s, p1)
    assert look.hole_throw_reachable(3 + look.extra_move())
    go, why_go = bot._score(look, play)
    assert "then a grenade at the open hole" in str(why_go)
    s.cogs[p2].hand = s.cogs[p2].hand[:1]
    look = bot.look(s, p1)
    assert look.seal_wait() is not None
    held, why_held = bot._score(look, play)
    assert "then a grenade at the open hole" not in str(why_held) and held < go

def test_the_open_beside_a_grenadier_counts_as_beside_a_boomer(title):
    """MP1 Grenadier (enemies.toml, printed: attack 4, GRENADE TOSS: on an Omen each other
    figure in the target's area takes 1 wound) and Flame Grenadier (attack 4, COMBUSTION: the
    attack targets every COG in the area); spec 6.3: a COG in cover adds its cover dice. As
    beside a Boomer (the same Omen, 4+ dice), the open within one area of them counts 1 more
    expected wound, so the squad bot takes cover or steps out of their reach rather than stand
    in the open there (The Showdown at 4 players: 334 Stage-1 wounds from Grenadier attacks and
    77 from their tosses in 30 games, the eleventh pass's tally). A Palace Guard (attack 3, no
    area Omen) adds nothing, nor does a Grenadier two areas off."""
    from game.gears.bots import _Look

    s, view, p1, p2, here, near = _two_cogs_together(title, 1)
    s.cogs[p2].area = next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(here, a) >= 3)
    far = next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(here, a) == 2)

    def extra(enemy: str, area: str) -> float:
        s.locusts = {"drone#1": LocustState("drone#1", enemy, area)}
        return SquadBot(1).look(s, p1).danger(here, None) - _Look(s, p1).danger(here, None)

    assert abs(extra("boomer", near) - 1.0) < 1e-9
    assert abs(extra("grenadier", near) - 1.0) < 1e-9 and abs(extra("flame_grenadier", near) - 1.0) < 1e-9
    assert abs(extra("palace_guard", near)) < 1e-9 and abs(extra("grenadier", far)) < 1e-9


def test_roadblocks_each_bot_puts_its_ticker_in_the_area_farthest_from_the_cogs(real):
    """Roadblocks (seed p. 27, spec 9.2.4): at setup and on each new tile every player puts 1
    Ticker in an empty area of the tile, his own choice; the Ticker cards (28-31) strike a COG
    within 1-3 movement, and the seed's tip is to shoot Tickers while they are in another area.
    Both bot levels pick the empty area farthest by movement from the COGs (at setup, from the
    entrance area they are about to enter). Before, with no answer of their own, they picked at
    random, and at setup a Ticker could stand in the very area the COGs entered."""
    for bot in (SquadBot(7), CogBot(7)):
        s = real.new_game("roadblocks", 11, {"players": 4})
        asked = 0
        while s.proc is not None:
            acts = real.legal_actions(s)
            if acts[0].kind != "ticker_area":
                real.apply(s, acts[0])
                continue
            view = s.view()
            at = [c.area for c in s.cogs.values() if c.area in view.move_dist] or [view.entrance_area]
            far = max(min(view.mdist(a.payload["area"], b) for b in at) for a in acts)
            choice = bot.decide(s, acts)
            got = min(view.mdist(choice.action.payload["area"], b) for b in at)
            assert got == far, (choice.reason, got, far)
            assert "farthest" in str(choice.reason.msgid)
            asked += 1
            real.apply(s, choice.action)
        assert asked == 4
        start_area = s.view().entrance_area
        assert all(x.area != start_area for x in s.locusts.values())


@P.RESOLVER.procedure("test_locust_cover")
def _test_locust_cover(ctx, lid):
    """A Locust's automatic cover (spec 3.3), as after its move or spawn."""
    from game.gears.rules import wounds as W

    W.locust_take_cover(ctx, lid)


def test_a_locust_takes_cover_against_the_tied_cog_for_whom_its_cover_helps_it_least(real):
    """Spec 3.3: a Locust that takes cover takes the spot best against the nearest COG; with two
    COGs equally near, the active player names the one. Both bot levels name the COG whose best
    spots give the Locust the fewest defence dice against the whole squad, and say so; before,
    with no answer of their own, they named one at random (seeds 1001: 'Against Damon Baird (no
    preference)'). The Locust the question is about is the one taking cover (`ai.asking_locust`),
    read also from a reloaded state."""
    from game.gears.ai import asking_locust
    from game.gears.rules.movement import best_cover_spots, cover_bonus, free_spots
    from game.gears.rules.state import GearsState

    s = start(real, "china_shop", players=2)
    view = s.view()
    p1, p2 = s.players
    drone = next(x for x in s.locusts.values() if x.enemy == "drone")
    for x in list(s.locusts.values()):
        if x is not drone:
            del s.locusts[x.id]
    drone.area = None
    found = None
    for area, dd in ((a, d) for a in sorted(view.areas) for d in (1, 2, 3)):
        if area not in view.move_dist or len(free_spots(s, area)) < 2:
            continue
        ring = sorted(b for b in view.areas if b in view.move_dist and view.mdist(area, b) == dd)
        for i, a1 in enumerate(ring):
            for a2 in ring[i + 1:]:
                s.cogs[p1].area, s.cogs[p2].area = a1, a2
                s.cogs[p1].cover = s.cogs[p2].cover = None

                def worst(q):
                    return min(max(cover_bonus(view, (c.area, None), (area, sp)) for c in s.cogs.values())
                               for sp in best_cover_spots(s, area, q))
                if worst(p1) != worst(p2):
                    found = (area, a1, a2, worst(p1), worst(p2))
                    break
            if found:
                break
        if found:
            break
    assert found, "no area with two equally near COGs whose cover differs"
    area, a1, a2, w1, w2 = found
    s.cogs[p1].area, s.cogs[p2].area = a1, a2
    drone.area, drone.cover = area, None
    acts = _ask(s, "test_locust_cover", "cover_against", {"lid": drone.id})
    assert asking_locust(s) == drone.id
    assert asking_locust(GearsState.from_json(s.to_json(), s.loader)) == drone.id
    want = p1 if w1 < w2 else p2
    for bot in (SquadBot(3), CogBot(3)):
        choice = bot.decide(s, acts)
        assert choice.action.payload["cog"] == want, choice.reason
        assert "helps it least" in str(choice.reason.msgid)
    P.release(s)


def test_roadblocks_the_bots_unlock_the_level_whose_location_cards_spawn_the_weaker_locusts(real, content):
    """Roadblocks Stage 1's back (spec 9.2.4): the players choose to unlock level 2 or level 3,
    and the same card then sets the enemies to A Ticker, B Drone, C Boomer. The mission card
    lists each level's Location cards; at 2 players their spawn strips put a Boomer, a Drone and
    a Boomer on level 2 (2A 'C', 11A 'B', 13A 'C') and a Drone, a Boomer and a Drone on level 3
    (5A 'B', 12A 'C', 16A 'B'). The bots unlock level 3 and say why (before: a random pick)."""
    from game.engine.protocol import Action

    s = start(real, "roadblocks", players=2)
    s.stage = 0
    strips = {lv: [content.locations[t].spawn[1] for t in content.missions["roadblocks"].levels[lv - 1].tiles]
              for lv in (2, 3)}
    assert strips == {2: ["C", "B", "C"], 3: ["B", "C", "B"]}
    acts = [Action("choose_unlock", {"level": 2}), Action("choose_unlock", {"level": 3})]
    for bot in (SquadBot(5), CogBot(5)):
        look = bot.look(s, s.players[0])
        scores = {a.payload["level"]: bot._score(look, a) for a in acts}
        b, d = content.enemies["boomer"], content.enemies["drone"]
        assert scores[2][0] == -(2 * (b.attack + b.health) + d.attack + d.health)
        assert scores[3][0] == -(2 * (d.attack + d.health) + b.attack + b.health)
        assert max(scores, key=lambda lv: scores[lv][0]) == 3
        assert "the fewer" in str(scores[3][1].msgid)


def test_equally_near_holes_the_bots_spawn_at_the_one_farthest_from_the_cogs(real):
    """Spec 7.4: a Locust spawning 'at the hole nearest you' with two or more holes equally near
    goes to the hole the active player picks (so too a mission card's 'which hole of the tile'
    and Horde Mode's 'as evenly as possible'). Both bot levels pick the hole farthest by movement
    from the standing COGs and say so; before, a random pick."""
    from game.engine.protocol import Action

    s = start(real, "hive", players=2)
    view = s.view()
    holes = [h for h, v in sorted(s.holes.items()) if not v.get("sealed") and v["area"] in view.move_dist]
    far = {h: min(view.mdist(s.holes[h]["area"], c.area) for c in s.cogs.values()) for h in holes}
    assert len(set(far.values())) >= 2
    acts = [Action("tie_hole", {"hole": h}) for h in holes]
    for bot in (SquadBot(2), CogBot(2)):
        choice = bot.decide(s, acts)
        assert far[choice.action.payload["hole"]] == max(far.values()), choice.reason
        assert "farthest" in str(choice.reason.msgid)


def test_the_bots_name_the_weakest_wounded_locust_and_the_farthest_dropped_weapon(title):
    """The active player answers for the Locusts (spec 7.4): the Kantus's card 33 heals 'a
    wounded Locust within 2 movement' or revives one on 'a dropped weapon within 2 movement',
    and with a wound-marker pile empty a dropped weapon of that type becomes the marker (base
    p. 25). Both bot levels name the wounded Locust with the fewest attack dice and health, and
    the dropped weapon farthest from the COGs (the squad may still pick the others up), and say
    why; before, random picks."""
    from game.engine.protocol import Action

    s = fresh(title, players=2, mission="hive")
    view = s.view()
    home = s.cogs[s.players[0]].area
    for q in s.players:
        s.cogs[q].area = home
    reach = sorted((a for a in view.areas if a in view.move_dist), key=lambda a: (view.mdist(home, a), a))
    near, far = next(a for a in reach if view.mdist(home, a) >= 1), reach[-1]
    assert view.mdist(home, far) > view.mdist(home, near)
    s.locusts["drone#1"] = LocustState("drone#1", "drone", near, None, None, 1)
    s.locusts["boomer#1"] = LocustState("boomer#1", "boomer", near, None, None, 1)
    s.dropped[:] = [{"id": "m1", "area": near, "weapon": "x", "enemy": "drone", "marker": "drone:1"},
                    {"id": "m2", "area": far, "weapon": "x", "enemy": "drone", "marker": "drone:1"}]
    d, b = title.content.enemies["drone"], title.content.enemies["boomer"]
    assert d.attack + d.health < b.attack + b.health
    for bot in (SquadBot(4), CogBot(4)):
        s.active = 0
        got = bot.decide(s, [Action("locust_tie", {"figure": "boomer#1"}), Action("locust_tie", {"figure": "drone#1"})])
        assert got.action.payload["figure"] == "drone#1" and "weakest" in str(got.reason.msgid)
        got = bot.decide(s, [Action("marker_tie", {"marker": "m1"}), Action("marker_tie", {"marker": "m2"})])
        assert got.action.payload["marker"] == "m2" and "farthest" in str(got.reason.msgid)


def test_horde_mode_the_bots_give_the_hammer_of_dawn_to_a_standing_cog_with_room_and_the_most_cards(real):
    """Horde Mode's Stage 2 back: 'The players give the Hammer of Dawn to one player' (the only
    weapon that wounds an unwounded Berserker, base p. 26). Both bot levels give it to the COG
    likeliest to live to use it: standing, with room for it among his weapons (base p. 17, 20),
    then the one with the most cards in hand, and say why; before, a random pick."""
    from game.engine.protocol import Action

    s = start(real, "horde_mode", players=3)
    p1, p2, p3 = s.players
    limit = {q: real.content.cogs[s.cogs[q].character].weapon_limit for q in s.players}
    s.cogs[p1].bleeding, s.cogs[p1].hand = True, ["x"] * 7
    s.cogs[p2].hand = ["x"] * 6
    s.cogs[p2].weapons = [["lancer", 1]] * limit[p2]
    s.cogs[p3].hand = ["x"] * 4
    s.cogs[p3].weapons = [["lancer", 1]]
    acts = [Action("give_weapon", {"player": q}) for q in s.players]
    for bot in (SquadBot(6), CogBot(6)):
        got = bot.decide(s, acts)
        assert got.action.payload["player"] == p3, got.reason
        assert str(got.reason).endswith(", 4 cards in hand, room for it among his weapons"), str(got.reason)
    s.cogs[p2].weapons = [["lancer", 1]]
    for bot in (SquadBot(6), CogBot(6)):
        assert bot.decide(s, acts).action.payload["player"] == p2  # both have room: more cards


def test_scattered_the_bots_split_the_squad_so_each_section_has_the_same_strength_per_cog(real):
    """Scattered (base p. 28, spec 9.2.5): the players agree which COGs start in the level-2
    section; the sections fight apart until the squad meets on 17B. Both bot levels split the
    squad so that the two sections' mean strength per COG (hand limit plus the attack dice of
    his weapons) differs the least, and say why; before, a random pick."""
    from game.gears.rules.missions import split_options

    s = real.new_game("scattered", 9, {"players": 3})
    acts = real.legal_actions(s)
    while acts[0].kind != "split_cogs":
        real.apply(s, acts[0])
        acts = real.legal_actions(s)
    assert [a.payload["level2"] for a in acts] == split_options(s.players)
    c = real.content

    def strength(q):
        cog = s.cogs[q]
        return c.cogs[cog.character].hand_limit + sum(c.weapons[w].normal or 0 for w, _ in cog.weapons)

    def gap(second):
        first = [q for q in s.players if q not in second]
        return abs(sum(map(strength, first)) / len(first) - sum(map(strength, second)) / len(second))

    gaps = {tuple(a.payload["level2"]): gap(a.payload["level2"]) for a in acts}
    assert len(set(gaps.values())) >= 2, gaps  # the squad's COGs differ: the split matters
    for bot in (SquadBot(8), CogBot(8)):
        got = bot.decide(s, acts)
        assert gaps[tuple(got.action.payload["level2"])] == min(gaps.values()), got.reason
        assert "no more than in any other split" in str(got.reason.msgid)


def test_ambush_the_bots_skip_the_pull_and_say_why(real):
    """Ambush (spec 6.1): 'Choose a Locust within 2 areas and in LOS: move it up to 1 area
    toward you ... Then attack it'. The pulled Locust is the only one the card's attack may
    then go to, and it comes nearer; skipping the pull keeps every Locust the card allows
    (rules/turn._card_targets). Both bot levels skip it and say so; before, the pull options
    had no answer ('(no preference)') and the skip won with the gain-ammo reason 'No ammo
    gained'."""
    s = start(real, "emergence", players=2)
    p1 = s.players[0]
    here = s.cogs[p1].area
    s.locusts = {"drone#1": LocustState("drone#1", "drone", here)}
    T.push(s, {"f": "pull", "player": p1, "n": 1, "within": 2})
    s._legal_memo = None
    acts = [a for a in real.legal_actions(s) if a.kind != "drop_weapon"]  # (a weapon may go at any time)
    assert {a.kind for a in acts} == {"pull", "skip"}
    for bot in (SquadBot(2), CogBot(2)):
        got = bot.decide(s, acts)
        assert got.action.kind == "skip", got.reason
        assert str(got.reason).startswith("Pull no Locust: the card's attack may still go to any Locust"), str(got.reason)
        pulls = [bot._score(bot.look(s, p1), a) for a in acts if a.kind == "pull"]
        assert all("could then go only to it" in str(why) for _score, why in pulls)
