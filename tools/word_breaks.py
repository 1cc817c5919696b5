"""Every word a table breaks inside, with where it breaks, for a review of
game/locale/compounds.toml (a compound had best break where its members meet: 'tengerész-'
'gyalogos', not 'tengerészgyalo-' 'gos'; Pyphen knows syllables only).

    python tools/word_breaks.py [--lang hu] [--sizes 1280x720,1920x1080] [--all] [--frames N]
    python tools/word_breaks.py --unlisted [--lang hu]

Doom's hyphenated texts are its invader cards (name and rules text, game/ui/kit/hand.py
card_face; its goals, buttons and log wrap whole words). Each card is laid out as the real
table lays it: at the hand's card size and at the enlarged (hovered) size of each window size,
taken from a live table. Prints one line per broken word: the word, the break ('tengerészgyalo|gos'),
and 'syllable' or 'joint' (a listed compound's members, or the word's own dash). Syllable breaks
inside a compound are the ones to add to compounds.toml; `--all` lists joints too. The texts a
table wraps while two bots play (`--frames`) are read too: a word wider than its line there is
broken by characters.

What breaks depends on the window and the hand: `--unlisted` lists every long word of the
cards where no listed compound meets, the compounds among them to add before a table breaks them.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ.setdefault("TILETOP_CONFIG_DIR", tempfile.mkdtemp(prefix="word-breaks-"))


def _doom_table(app, size):
    """A Knee-Deep hot-seat table with the invader to decide, its hand face up."""
    from game.doom.rules.title import DoomTitle
    from game.engine.session import Session
    from game.ui.doom.table_scene import DoomTable

    session = Session.start(DoomTitle(), "knee_deep", 11, {"marines": 1})
    table = DoomTable(app.ctx, session, ["human", "human"], size, bot_delay_ms=0, animate=False)
    app.push(table)
    table.submit(next(a for a in session.legal_actions() if a.kind == "declare" and a.payload["action"] == "ready"))
    table.submit(next(a for a in session.legal_actions() if a.kind == "end_turn"))
    table.handoff = None
    app.run(max_frames=1)
    return table


def broken_words(lines: list[str], source: str) -> list[tuple[str, int]]:
    """(word, where it breaks) for each place `source`, laid out in `lines`, is broken inside a
    word: with a hyphen the break added ('tengerész-' 'gyalogos'), after the word's own dash, or
    by characters (a word wider than its line, wrapped without hyphenation). A word over three
    lines gives two breaks."""
    words: list[list] = []  # [the word so far, its breaks]
    joined = False
    for i, line in enumerate(lines):
        for j, token in enumerate(line.split(" ")):
            if j == 0 and joined:
                words[-1][1].append(len(words[-1][0]))
                words[-1][0] += token
            else:
                words.append([token, []])
        joined = False
        if i + 1 < len(lines) and words:
            head, tail = words[-1][0], lines[i + 1].split(" ")[0]
            if not tail or not head:
                continue
            if head.endswith("-") and head[:-1] + tail in source and head + tail not in source:
                words[-1][0] = head[:-1]  # the hyphen the break added
                joined = True
            elif head + tail in source and f"{head} {tail}" not in source:
                joined = True  # after the word's own dash, or by characters
    return [(w, cut) for w, cuts in words for cut in cuts]


def doom_breaks(sizes: list[tuple[int, int]], language: str) -> dict[tuple[str, int], set[str]]:
    """Every (word, break) Doom's invader cards show, with where ('1280x720 hand: Zombie Pack')."""
    import pygame

    from game import i18n
    from game.ui import widgets
    from game.ui.app import App
    from game.ui.doom import words
    from game.ui.kit import hand

    found: dict[tuple[str, int], set[str]] = {}
    for size in sizes:
        app = App(size, headless=True)
        i18n.set_language(language)  # after the app, which sets its settings' language
        table = _doom_table(app, size)
        small = list(table.card_rects.values())[-1]  # the last card shows whole
        big = hand._enlarged_rect(app.ctx, *table._enlarged_place(small), placeholder=True)
        content = table.content
        seen_names = set()
        cards = []
        for card in content.invader_deck():
            key = card.split("#")[0]
            if key not in seen_names:
                seen_names.add(key)
                cards.append(card)
        scratch = pygame.Surface(app.screen.get_size())
        real = widgets.rendered
        for label, rect in (("hand", pygame.Rect(0, 0, small.width, small.height)),
                            ("enlarged", pygame.Rect(0, 0, big.width, big.height) if big else None)):
            if rect is None:
                continue
            for card in cards:
                name, text = words.card_face(content, card)
                lines: list[str] = []
                widgets.rendered = lambda font, line, *a, **k: (lines.append(line), real(font, line, *a, **k))[1]
                try:
                    hand.card_face(scratch, app.ctx, rect, name, text, icon=table.card_icon(card),
                                   placeholder=table.card_placeholder(card))
                finally:
                    widgets.rendered = real
                for got in broken_words(lines, f"{name} {text}"):
                    found.setdefault(got, set()).add(f"{size[0]}x{size[1]} {label}: {name}")
        pygame.display.quit()
    return found


# Lay-outs that are trials, not what is drawn (a font size tried, a card's fit measured; the
# cards are laid out as drawn by doom_breaks).
TRIALS = {"fitted_font", "card_face", "_name_fit"}


def table_breaks(sizes: list[tuple[int, int]], language: str, frames: int) -> dict[tuple[str, int], set[str]]:
    """Every (word, break) of the texts a Doom table wraps (side panel, log, prompt, buttons,
    set-up lines...) while two bots play Knee-Deep for `frames` frames at each size, with the
    function that wrapped it."""
    import pygame

    from game import i18n
    from game.doom.rules.title import DoomTitle
    from game.engine.session import Session
    from game.ui import widgets
    from game.ui.app import App
    from game.ui.doom.setup_scene import DoomSetup
    from game.ui.doom.table_scene import DoomTable

    found: dict[tuple[str, int], set[str]] = {}
    real = widgets.wrap

    def spy(text, font, width, *args, **kwargs):
        lines = real(text, font, width, *args, **kwargs)
        caller = sys._getframe(1).f_code.co_name
        if caller not in TRIALS:
            for got in broken_words(lines, text):
                found.setdefault(got, set()).add(f"{size[0]}x{size[1]} {caller}: {text[:40]}")
        return lines

    for size in sizes:
        app = App(size, headless=True)
        i18n.set_language(language)
        widgets.wrap = spy
        try:
            app.push(DoomSetup(app.ctx))
            app.run(max_frames=2)
            session = Session.start(DoomTitle(), "knee_deep", 5, {"marines": 2})
            table = DoomTable(app.ctx, session, ["bot", "bot", "bot"], size, bot_delay_ms=0)
            app.push(table)
            for _ in range(frames):
                app.step()
        finally:
            widgets.wrap = real
        pygame.display.quit()
    return found


def unlisted(language: str, least: int = 8) -> list[str]:
    """The words of Doom's hyphenated texts in `language` (its invader cards' names and rules
    text) of `least` letters or more where no listed compound meets: a compound among them
    breaks by syllables wherever a card is narrow enough, at some window size or in some hand.
    For review: the compounds go into compounds.toml, the rest are single words."""
    import re

    from game import i18n
    from game.doom.content import shared_content
    from game.ui.doom import words
    from game.ui.hyphenate import DASHES, after_dashes, joints

    i18n.set_language(language)
    content = shared_content()
    found = set()
    for card in content.invader_deck():
        for text in words.card_face(content, card):
            for word in re.findall(r"[^\W\d_]+(?:[-\u2013\u2014][^\W\d_]+)*", text):
                for part in after_dashes(word):
                    part = part.rstrip(DASHES)
                    if len(part) >= least and not joints(part):
                        found.add(part.lower())
    return sorted(found)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lang", default="hu")
    ap.add_argument("--sizes", default="1280x720,1920x1080")
    ap.add_argument("--all", action="store_true", help="list the breaks at joints too")
    ap.add_argument("--frames", type=int, default=1500, help="frames of a bots' game whose wrapped texts are read")
    ap.add_argument("--unlisted", action="store_true",
                    help="list the long words of the cards with no listed joint instead (compounds to review)")
    args = ap.parse_args(argv)
    if args.unlisted:
        print("\n".join(unlisted(args.lang)))
        return 0
    from game.ui.hyphenate import breaks, joints

    def breaks_at(word: str) -> set[int]:
        return {at for at, _mark in breaks(word)}

    sizes = [tuple(int(n) for n in s.split("x")) for s in args.sizes.split(",")]
    found = doom_breaks(sizes, args.lang)  # type: ignore[arg-type]
    for key, where in table_breaks(sizes, args.lang, args.frames).items():  # type: ignore[arg-type]
        found.setdefault(key, set()).update(where)
    rows = []
    for (word, at), where in sorted(found.items(), key=lambda kv: kv[0][0].lower()):
        kind = "joint" if at in joints(word) else "syllable" if at in breaks_at(word) else "character"
        if kind == "syllable" or args.all:
            rows.append(f"{word[:at] + '|' + word[at:]:<34} {kind:<9} {sorted(where)[0]}" +
                        (f" (+{len(where) - 1})" if len(where) > 1 else ""))
    print("\n".join(rows))
    print(f"{len(rows)} breaks listed ({args.lang}, {args.sizes})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
