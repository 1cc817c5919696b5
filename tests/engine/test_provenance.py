"""game/engine/provenance.py: the one check of a content record's provenance, for every title
(DESIGN.md: data the rulebooks lack is verified = false, with a reason)."""
from __future__ import annotations

import pytest

from game.engine.provenance import read_provenance


class Bad(Exception):
    pass


def fail(path, problem):
    return Bad(f"{'.'.join(map(str, path))}: {problem}")


def test_a_seed_record_and_a_placeholder_with_its_reason():
    p = read_provenance({"verified": True, "source": "seed p. 9"}, ["card", "x"], fail)
    assert (p.verified, p.source, p.reason) == (True, "seed p. 9", "")
    q = read_provenance({"verified": False, "source": "spec 11", "reason": "not printed"}, ["card", "y"], fail)
    assert q.verified is False and q.reason == "not printed"


@pytest.mark.parametrize("rec, fan, where, words", [
    ({"source": "s"}, False, "card.x", 'missing required key "verified"'),
    ({"verified": "fan", "source": "s", "reason": "r"}, False, "card.x.verified", "must be true or false"),
    ({"verified": "yes", "source": "s"}, True, "card.x.verified", 'must be true, "fan" or false'),
    ({"verified": False, "source": "s"}, False, "card.x.verified", "needs a `reason`"),
    ({"verified": True, "source": " "}, False, "card.x.source", "where the values come from"),
    ({"verified": True, "source": "s", "field_verified": {"hp": False}}, False, "card.x.verified",
     "must be false: the weakest of field_verified"),
    ({"verified": "fan", "source": "s", "reason": "r", "field_verified": {"hp": True}}, True,
     "card.x.verified", "must be true: the weakest"),
])
def test_each_mistake_is_named_at_its_key(rec, fan, where, words):
    with pytest.raises(Bad) as err:
        read_provenance(rec, ["card", "x"], fail, fan=fan)
    assert str(err.value).startswith(where + ":") and words in str(err.value)


def test_field_verified_names_only_the_records_fields():
    rec = {"verified": False, "source": "s", "reason": "r", "field_verified": {"armour": False, "hp": True}}
    assert read_provenance(rec, ["m"], fail, fields=("armour", "hp")).field_verified == {"armour": False, "hp": True}
    with pytest.raises(Bad, match="no field 'hp'"):
        read_provenance(rec, ["m"], fail, fields=("armour",))
