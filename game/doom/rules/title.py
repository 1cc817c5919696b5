"""DoomTitle: the Title (game/engine/protocol.py) that game.engine.Session drives.

    from game.doom.rules.title import DoomTitle
    session = Session.start(DoomTitle(), "knee_deep", seed=7, options={"marines": 2})
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from game.doom.rules import setup as S
from game.doom.rules import turn as T
from game.doom.rules.state import REVISIONS, DoomState
from game.engine.protocol import Action, Event, IllegalAction, Title
from game.engine.errors import SavedFileChanged
from game.engine.text import M, Msg


class DoomTitle(Title[DoomState]):
    name = "doom"

    def __init__(self, custom_dir: str | Path | None = None):
        # Where built maps are read from (game/doom/custom.py: scenario "custom:STEM").
        self.custom_dir = Path(custom_dir) if custom_dir is not None else None

    def _custom(self, scenario: str) -> str | None:
        """A built map's scenario registered (read again from its file); its digest."""
        from game.doom.content import shared_content
        from game.doom.custom import CUSTOM, register

        if not scenario.startswith(CUSTOM):
            return None
        try:
            return register(scenario, shared_content(), self.custom_dir)
        except ValueError as exc:  # the built map is gone, unreadable or broken: said, naming it (a
            # loaded game read 'the saved position is not a Doom game this Tiletop can read')
            raise SavedFileChanged(M("the built map {map} of this game cannot be played: {problem}",
                                     map=scenario.removeprefix(CUSTOM),
                                     problem=exc.args[0] if exc.args and isinstance(exc.args[0], Msg) else str(exc))) from None

    def new_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A new game is played by the current rules revision (state.RULES_REVISION)."""
        return REVISIONS.new_options(options)

    def opening(self, scenario: str, seed: int, options: Mapping[str, Any]) -> tuple[DoomState, list[Event]]:
        """The new game and what its set-up said (the marine cards, the invader's hand, the
        start zone revealed) before the first question: the log's opening lines."""
        digest = self._custom(scenario)
        state, said = S.new_state(scenario, seed, options)
        if digest is not None:
            state.flags["custom_map"] = digest
        return state, said

    def legal_actions(self, state: DoomState) -> list[Action]:
        return T.legal_actions(state)

    def apply(self, state: DoomState, action: Action) -> list[Event]:
        if state.outcome is not None:
            raise IllegalAction(M("The game is over."))
        return T.apply(state, action)

    def older_words(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """A paused question as older Tiletops worded it: a reroll before its dice were words
        ("(now blue r2 d1)", names.old_dice_words); a question of squares (a placement, a
        knockback, a Blow-through walk, a Guard or Sentry shot) before its squares had names
        ("Knock it to 11,8", names.old_option_words). A save paused at one loads (its hash took
        those words)."""
        from game.doom.rules.names import old_dice_words, old_option_words
        from game.engine.text import Msg, english

        proc = data.get("proc")
        pend = proc.get("pending") if isinstance(proc, dict) else None
        if not isinstance(pend, dict):
            return []
        prompt = pend.get("prompt")
        faces = (pend.get("about") or {}).get("faces")
        out = []
        if isinstance(prompt, dict) and "dice" in prompt.get("params", {}) and isinstance(faces, list):
            try:
                old = english(Msg.from_json(prompt).format(dice=old_dice_words(faces)))
            except (KeyError, TypeError, ValueError):
                old = None
            if old is not None:
                out.append(dict(data, proc=dict(proc, pending=dict(pend, prompt=old))))
        options = pend.get("options")
        if pend.get("kind") in ("guard", "sentry", "place", "knockback", "blow_through") and isinstance(options, list):
            try:
                labels = [english(old_option_words(pend["kind"], o)) for o in options]
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                labels = None
            if labels is not None:
                out.append(dict(data, proc=dict(proc, pending=dict(pend, labels=labels))))
        ids = self._built_area_ids(data)
        if ids:
            out.append(ids)
        return out

    @staticmethod
    def _built_area_ids(data: dict[str, Any]) -> dict[str, Any] | None:
        """A paused question on a built map as Tiletop worded it up to main at 43bc161, its
        areas by their ids ("Place its top-left square in area sample_room:room_a, ..." where it
        now reads "in the Control room 1"): the question worded in English with each area's name
        put back to the id's words (board.built_area_places names them)."""
        from game.doom.content import shared_content
        from game.doom.rules.board import load_map
        from game.engine.protocol import english_words
        from game.engine.text import english

        content = shared_content()
        sc = content.scenarios.get(str(data.get("scenario", "")))
        if sc is None or not str(data.get("scenario", "")).startswith("custom:"):
            return None
        try:
            places = load_map(sc.map, content).area_place
        except (OSError, ValueError):
            return None
        if not places:
            return None
        worded = english_words(data)
        pend = worded["proc"]["pending"]
        pairs = [(english(M("the {place}", place=w)), english(M("area {area}", area=a))) for a, w in places.items()]
        pairs += [(english(w), a) for a, w in places.items()]
        pairs.sort(key=lambda p: -len(p[0]))

        def back(text: Any) -> Any:
            if not isinstance(text, str):
                return text
            for new, old in pairs:
                text = text.replace(new, old)
            return text

        labels = pend.get("labels")
        pend = dict(pend, prompt=back(pend.get("prompt")),
                    labels=[back(x) for x in labels] if isinstance(labels, list) else labels)
        return dict(worded, proc=dict(worded["proc"], pending=pend))

    def current_decider(self, state: DoomState) -> str | None:
        return T.decider(state)

    def to_json(self, state: DoomState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> DoomState:
        digest = self._custom(str(data.get("scenario", "")))
        if digest is not None and data.get("flags", {}).get("custom_map") != digest:
            raise SavedFileChanged(M("the built map {map} changed since this game was saved (its replay would run "
                                     "on another board)", map=str(data.get("scenario")).removeprefix("custom:")))
        return DoomState.from_json(dict(data))

    def turn_number(self, state: DoomState) -> int:
        return state.round
