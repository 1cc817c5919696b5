"""Doom's invader cards and Level 7's cards picture what they do (kit/card_art.py), read from
the same records the rules resolve: a spawn card its monsters' own tokens and how many, an
event its effect's mark; a Level 7 card its bonus with its sign, then its abilities."""
from __future__ import annotations

from pathlib import Path

from game.ui.kit.card_art import MOTIFS, OR

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def _drawable(motifs) -> bool:
    return all(kind in MOTIFS or kind == OR or (kind.startswith("image:") and (ASSETS / kind[6:]).is_file())
               for kind, _l in motifs)


def test_doom_invader_cards_picture_their_spawns_and_effects():
    from game.doom.content import shared_content
    from game.ui.doom.card_art import card_motifs

    content = shared_content()
    assert card_motifs(content, "zombie_pack#1") == (("image:tokens/zombie.png", "3"),)
    assert card_motifs(content, "cyberdemon#1") == (("image:tokens/cyberdemon.png", ""),)
    # The halves of a spawn card are alternatives: an 'or' stands between them.
    assert card_motifs(content, "archvile_or_imps#1") == (("image:tokens/archvile.png", ""), (OR, ""),
                                                          ("image:tokens/imp.png", "2"))
    assert card_motifs(content, "dodge#1") == (("die", ""),)  # the marine's dice rerolled
    assert card_motifs(content, "smash#1") == (("broken_door", ""),)
    for card in content.invader_cards:
        motifs = card_motifs(content, card + "#1")
        assert motifs and _drawable(motifs), card
    assert card_motifs(content, "no_such_card#1") == ()


def test_level7_cards_picture_their_bonus_and_abilities():
    from game.level7.content import shared_content
    from game.ui.level7.card_art import card_motifs

    content = shared_content()
    # +2 Strength (the top half), then 'Reroll up to 2 dice in one Strength challenge'.
    assert card_motifs(content, "surge_of_strength#1") == (("strength", "+2"), ("die", "2"))
    # A malus keeps its sign, a minus sign: '+2 Strength, -1 Intelligence'.
    assert card_motifs(content, "weightlifter#1") == (("strength", "+2"), ("intelligence", "\u22121"))
    assert card_motifs(content, "flashlight#1") == (("dark", ""),)  # no Fear from darkness
    assert card_motifs(content, "security_key#1") == (("door", ""),)
    for table in (content.adrenaline, content.items, content.skills, content.keys):
        for card in table:
            motifs = card_motifs(content, card + "#1")
            assert motifs and _drawable(motifs), card
