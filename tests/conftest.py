"""Every test starts from the untranslated msgids, whatever an earlier test left set: a test that
shows a screen sets its language as the app does (English words a few msgids its own way:
tools/catalogues.py ENGLISH_WORDING), and one test's language never leaks into the next. A
test's own language fixture (tests/translated_games.py `language`) is set up after this one.

Nor does the settings file of the person running the tests reach them: `python -m game` reads
its language (game/__main__.py), so a test that runs a command in a subprocess would print
Hungarian on a machine whose ~/.config/tiletop/settings.toml says "hu". The session points
TILETOP_CONFIG_DIR at an empty folder; a test that wants settings sets its own."""
from __future__ import annotations

import os

import pytest

from game import i18n


@pytest.fixture(autouse=True, scope="session")
def _no_personal_settings(tmp_path_factory):
    old = os.environ.get("TILETOP_CONFIG_DIR")
    os.environ["TILETOP_CONFIG_DIR"] = str(tmp_path_factory.mktemp("no-settings"))
    yield
    if old is None:
        os.environ.pop("TILETOP_CONFIG_DIR", None)
    else:
        os.environ["TILETOP_CONFIG_DIR"] = old


@pytest.fixture(autouse=True)
def _untranslated_at_start():
    i18n.untranslated()
    yield
