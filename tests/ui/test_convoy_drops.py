"""Issue 17, drag and drop (spec 10): the drops that mean an action and then an answer. A game of
seed 1 is played by random bots up to the moment, then a person drags: an Instant onto its target
card (the target question answered by the drop), a hand card onto the ability button of a card
that costs a discard (the payment answered by the drop), a card in play onto another city (its
move; the payment asked first, then the city taken by itself), and a discard pile browsed."""
from __future__ import annotations

from game.convoy.rules import board as B
from game.convoy.rules.title import ConvoyTitle
from game.engine.bots import RandomBot
from game.engine.session import Session
from game.ui.convoy.table_scene import ConvoyTable
from tests.ui.test_convoy_play import do_click, drag, settle


def table_after(make_app, seed: int, n: int, size=(1280, 720)):
    session = Session.start(ConvoyTitle(), "standard", seed=seed, options={})
    bot = RandomBot(seed)
    for _ in range(n):
        session.apply(bot.choose(session.legal_actions()))
    app = make_app(size)
    table = ConvoyTable(app.ctx, session, ["human", "human"], size)
    table.animate = False
    app.push(table)
    settle(app, table)
    return app, table


def hand_pos(table, uid):
    return next(shown.center for u, shown, _w in table.hand_rects if u == uid)


def test_an_instant_dropped_on_its_target_card(make_app, config_dir):
    app, table = table_after(make_app, 1, 7)
    st = table.state
    move = next(a for a in table.session.legal_actions() if a.kind == "instant" and B.defn(st, a.payload["card"]).name == "Move")
    uid = move.payload["card"]
    target = next(u for u in (45, 52) if u in table.slot_rects)
    n = len(table.session.actions)
    drag(app, hand_pos(table, uid), table.slot_rects[target].center)
    acts = table.session.actions
    assert acts[n] == move and acts[n + 1].kind == "target" and acts[n + 1].payload == {"card": target}
    assert uid in st.discard[B.owner(st, uid)]
    pend = (st.proc or {}).get("pending")
    if pend is not None and pend["kind"] == "destination":  # where the Soldier goes: the lit cities
        city = pend["options"][0]["city"]
        settle(app, table)
        do_click(app, table.city_rects[city].center)
        assert table.session.actions[-1].payload == {"city": city} and target in st.slots[city][B.owner(st, target)]


def test_a_hand_card_dropped_on_an_ability_button_pays_for_it(make_app, config_dir):
    app, table = table_after(make_app, 1, 13)
    st = table.state
    net = next(a for a in table.session.legal_actions() if a.kind == "ability" and B.defn(st, a.payload["card"]).name == "Net")
    side = 0 if table.session.decider == "moloch" else 1
    app.run(max_frames=1)
    assert net.payload["card"] in table.ability_rects
    pay = st.hand[side][-1]
    n = len(table.session.actions)
    drag(app, hand_pos(table, pay), table.ability_rects[net.payload["card"]].center)
    acts = table.session.actions
    assert acts[n] == net and acts[n + 1].kind == "pay" and acts[n + 1].payload == {"card": pay}
    assert pay in st.discard[side] and pay not in st.hand[side]


def test_a_card_in_play_dropped_on_another_city_moves_after_its_payment(make_app, config_dir):
    app, table = table_after(make_app, 1, 74)
    st = table.state
    ranger = next(a for a in table.session.legal_actions() if a.kind == "ability"
                  and B.defn(st, a.payload["card"]).name == "Ranger").payload["card"]
    here = B.locate(st, ranger)[0]
    to = table._move_targets(ranger)
    assert to, "Ranger has somewhere to go"
    n = len(table.session.actions)
    drag(app, table.slot_rects[ranger].center, table.column_rects[(to[0], B.locate(st, ranger)[1])].center)
    pend = (st.proc or {}).get("pending")
    if pend is not None and pend["kind"] == "pay":  # the move costs a discard: click a hand card
        pay = st.hand[1][0]
        settle(app, table)
        do_click(app, hand_pos(table, pay))
        assert pay in st.discard[1]
    assert table.session.actions[n].payload == {"card": ranger}
    last = table.session.actions[-1]
    if len(to) > 1:  # else the rules did not ask: one destination
        assert last.kind == "destination" and last.payload == {"city": to[0]}
    assert B.locate(st, ranger)[0] == to[0] != here


def test_a_discard_pile_is_browsed_by_a_click(make_app, config_dir):
    app, table = table_after(make_app, 1, 40)
    side = table.top
    do_click(app, table.pile_rects[side].center)
    assert table.browse == side
    pile = table.state.discard[0 if side == "moloch" else 1]
    assert [u for u, _r in table.browse_rects] == list(pile)
    do_click(app, next(r.center for r, _l, what in table.buttons if what == "close"))
    assert table.browse is None


def test_an_instant_dropped_on_a_card_it_may_not_target_is_refused_unplayed(make_app, config_dir):
    """A Sniper dropped on a Crusher (printed strength 4, the Sniper kills 3 or less) was played
    and killed the one Robot it could, an Overseer in another city. Dropped on a card it may not
    target, a targeted Instant is refused with the reason, not played; on a lit card it is."""
    from game.convoy.rules import effects as E

    for seed in range(1, 60):
        session = Session.start(ConvoyTitle(), "standard", seed=seed, options={})
        bot = RandomBot(seed)
        found = None
        for _ in range(300):
            if session.decider is None:
                break
            st = session.state
            for a in session.legal_actions():
                if a.kind != "instant":
                    continue
                uid = a.payload["card"]
                step = next((s for s in B.defn(st, uid).effect if s.op in E.TARGETED), None)
                if step is None:
                    continue
                side = B.owner(st, uid)
                lit = {t for t in E.step_targets(st, step, E.Env(side, uid, -1)) if isinstance(t, int)}
                others = [u for c in st.slots for s in c for u in s if u not in lit]
                if lit and others:
                    found = (uid, lit, others[0])
                    break
            if found:
                break
            session.apply(bot.choose(session.legal_actions()))
        if found:
            break
    assert found, "no targeted Instant with a card it may not target in 59 games"
    uid, lit, wrong = found
    app = make_app((1280, 720))
    table = ConvoyTable(app.ctx, session, ["human", "human"], (1280, 720))
    table.animate = False
    app.push(table)
    settle(app, table)
    n = len(table.session.actions)
    drag(app, hand_pos(table, uid), table.slot_rects[wrong].center)
    assert len(table.session.actions) == n and uid in table.state.hand[B.owner(table.state, uid)]
    assert table.message and table._name(wrong) in table.message
    target = next(iter(lit))
    drag(app, hand_pos(table, uid), table.slot_rects[target].center)
    acts = table.session.actions
    assert acts[n].kind == "instant" and acts[n].payload["card"] == uid


def test_a_click_on_a_card_in_play_says_what_it_can_do_or_why_not(make_app, config_dir):
    """A click on a card in play with no question open said nothing: it now shows the rules'
    refusal of its ability (flow.refusal), or how to use one that may be used now."""
    app, table = table_after(make_app, 1, 74)
    st = table.state
    side = 0 if table.session.decider == "moloch" else 1
    app.run(max_frames=1)
    live = [c for c in range(5) if not st.flipped[c]]
    mine = [u for c in live for u in st.slots[c][side] if u in table.slot_rects]
    theirs = [u for c in live for u in st.slots[c][1 - side] if u in table.slot_rects]
    usable = {a.payload["card"] for a in table.session.legal_actions() if a.kind == "ability"}
    plain = next(u for u in mine if B.defn(st, u).timing not in ("on_discard", "activated"))
    do_click(app, table.slot_rects[plain].center)
    assert table.message.startswith(B.defn(st, plain).name + " has no ability you can use.")
    do_click(app, table.slot_rects[theirs[0]].center)
    other = "Outpost" if side == 0 else "Moloch"
    assert table.message.startswith(f"That is {other}'s card: you may only use your own.")
    ranger = next(u for u in usable if B.defn(st, u).name == "Ranger")
    n = len(table.session.actions)
    do_click(app, table.slot_rects[ranger].center)
    assert table.message == "Drop Ranger on another city to move it." and len(table.session.actions) == n


def test_a_click_on_a_hand_card_that_cannot_be_played_says_why(make_app, config_dir):
    """A dimmed hand card clicked read how to play it, in green ('Move: drag it onto its
    target.' with no Robot to move): it now says why not, in the rules' words, and a playable
    one still says how."""
    from game.convoy.rules import flow

    seen = set()
    for n in (7, 13, 20, 40, 60, 74):
        app, table = table_after(make_app, 1, n)
        st = table.state
        side = 0 if table.session.decider == "moloch" else 1
        playable = {a.payload.get("card") for a in table.session.legal_actions() if a.kind in ("play", "instant", "equip")}
        for uid in list(st.hand[side]):
            if uid not in {u for u, _s, _w in table.hand_rects}:
                continue
            d = B.defn(st, uid)
            do_click(app, hand_pos(table, uid))
            if uid in playable:
                assert table.message_ok and table.message.startswith(d.name + ":"), (n, d.name, table.message)
                continue
            kind = {"instant": "instant", "equipment": "equip"}.get(d.type, "play")
            if kind == "play":
                why = flow.refusal(st, "play", {"card": uid, "city": B.active_city(st)})
                assert not table.message_ok and table.message.startswith(str(why)), (n, d.name, table.message)
            else:
                assert not table.message_ok and not table.message.startswith(d.name + ":"), (n, d.name, table.message)
            seen.add(d.type)
    assert seen, "some hand card could not be played"
