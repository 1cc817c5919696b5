"""A Locust's attack is one line in the Gears log: the AI card's line said "Boomer 1 attacks
Augustus Cole, the active player's COG." and the attack's own event "Boomer 1 attacks Augustus
Cole." after it. Drawn headless on the real App."""
from __future__ import annotations

from game.gears.rules import names as N
from tests.ui.test_gears_table_items import drive, guard_asked_table


def test_a_locust_s_attack_is_one_log_line(make_app):
    """The AI card's line names the target and why; the attack's own event is read by nobody."""
    _app, table = guard_asked_table(make_app, ["blind_fire", "ambush", "scavenging", "sit_tight"])

    def locust_attacks(t) -> list:
        return [e.event for e in t.session.log if e.event.kind == "attack" and e.event.payload.get("figure") in t.state.locusts
                and "player" in e.event.payload]

    assert drive(table, lambda t: bool(locust_attacks(t)))
    event = locust_attacks(table)[0]
    locust = table._words(str(N.locust(table.state, event.payload["figure"])))
    cog = table.player_name(event.payload["player"]).split(" (")[0]
    said = [line for line in table.log if line.startswith(f"{locust} attacks {cog}")]
    assert len(said) == 1, said
    assert said[0] != f"{locust} attacks {cog}."  # the line with why it chose that COG
