"""Every test starts from the untranslated msgids, whatever an earlier test left set: a test that
shows a screen sets its language as the app does (English words a few msgids its own way:
tools/catalogues.py ENGLISH_WORDING), and one test's language never leaks into the next. A
test's own language fixture (tests/translated_games.py `language`) is set up after this one."""
from __future__ import annotations

import pytest

from game import i18n


@pytest.fixture(autouse=True)
def _untranslated_at_start():
    i18n.untranslated()
    yield
