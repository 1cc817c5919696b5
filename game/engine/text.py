"""Engine text as message ids with named parameters, worded only when shown (issue 18).

The rules say what happened, what an action is, why an action is refused and what a question
asks as a `Msg`: an English msgid with `{name}` placeholders and the values for them, never a
finished sentence. `M("{who} moves to {area}.", who=Ref("gears.cog", "marcus_fenix"), area="2A:b")`
costs the rules a small object; the sentence is made when something reads it (`str(msg)`,
`Event.text`, `Action.text`, `IllegalAction.reason`), in the language in use then, with
gettext, and a number decides the word through ngettext (`Mn(singular, plural, n, ...)`).

Parameters are plain values (text, numbers), other messages (a phrase inside a sentence) or
`Ref(kind, key)`: the id of a card, a figure, a weapon... resolved at display time by the name
lookup its title registered for the kind's prefix (`register_names("gears", lookup)`), so the
name comes out in the reader's language too. A save keeps `to_json()` (ids and parameters), and
a game saved in one language reads in another.

Plain strings stay accepted wherever a message is (`as_text`): a title not converted yet (Doom)
keeps its English sentences, and saves written before messages hold plain strings.

Pure: no pygame, no Babel (the catalogues are read by game/i18n.py with gettext).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from game import i18n

# A title's name lookup: (kind, key, translate) -> the name in the language `translate` gives.
NameLookup = Callable[[str, str, Callable[[str], str]], str]
_LOOKUPS: dict[str, NameLookup] = {}


def register_names(prefix: str, lookup: NameLookup) -> None:
    """Names for every Ref whose kind starts with `prefix + "."` (e.g. "gears")."""
    _LOOKUPS[prefix] = lookup


def _english(s: str) -> str:
    return s


def named_in(context: str, name: str, translate: Callable[[str], str]) -> str:
    """A content name as a title's lookup words it: its translation under the title's msgctxt
    first (gettext keeps one as `context\x04msgid`: another title may write the same English name
    and translate it otherwise, Level 7's Guard enemy and Gears' Guard order), else the plain one."""
    key = f"{context}\x04{name}"
    got = translate(key)
    return translate(name) if got == key else got


class Ref:
    """The id of a named thing (a card, a figure, a weapon...), named when shown."""

    __slots__ = ("kind", "key", "_shown")

    def __init__(self, kind: str, key: str):
        self.kind = kind
        self.key = key
        self._shown: tuple[int, str] | None = None  # (language generation, name): a title keeps one Ref per id

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ref) and other.kind == self.kind and other.key == self.key

    def __hash__(self) -> int:
        return hash((self.kind, self.key))

    def __repr__(self) -> str:
        return f"Ref({self.kind!r}, {self.key!r})"

    def name(self, translate: Callable[[str], str] | None = None) -> str:
        """The name in the current language (or as `translate` gives it)."""
        if translate is None:
            shown, gen = self._shown, i18n.generation()
            if shown is not None and shown[0] == gen:
                return shown[1]
            got = self._name(i18n.translate)
            self._shown = (gen, got)
            return got
        return self._name(translate)

    def _name(self, translate: Callable[[str], str]) -> str:
        lookup = _LOOKUPS.get(self.kind.split(".", 1)[0])
        if lookup is None:
            return self.key
        try:
            return lookup(self.kind, self.key, translate)
        except Exception:  # noqa: BLE001 - a name never breaks a log line: the id is shown
            return self.key

    def __str__(self) -> str:
        return self.name()

    def to_json(self) -> dict[str, Any]:
        return {"ref": self.kind, "id": self.key}


_REFS: dict[tuple[str, str], Ref] = {}


def ref(kind: str, key: str) -> Ref:
    """One Ref per (kind, key), made once: labels name the same few cards, tiles and figures
    thousands of times a game (every legal action is labelled), and a lookup costs less than a
    new object (which also keeps the words it was last shown in)."""
    got = _REFS.get((kind, key))
    if got is None:
        got = _REFS[(kind, key)] = Ref(kind, key)
    return got


class _Reads:
    """A message reads like the text it words to for the string methods that only read it
    (`msg.startswith("First ")`, `"wall" in msg`): a check or a test need not word it first."""

    __slots__ = ()
    _READ = frozenset({"startswith", "endswith", "lower", "upper", "split", "strip", "rstrip", "lstrip",
                       "find", "splitlines", "capitalize", "count", "index"})

    def __getattr__(self, name: str) -> Any:
        if name in _Reads._READ:
            return getattr(str(self), name)
        raise AttributeError(name)

    def __contains__(self, text: str) -> bool:
        return text in str(self)

    def __len__(self) -> int:
        return len(str(self))

    def __bool__(self) -> bool:  # never worded to be tested: a message is always something
        return True


class Msg(_Reads):
    """A msgid with named parameters (and, for plurals, the plural msgid and the number)."""

    # Two slots only: the rules make one per log line, label and refusal, and never read it.
    # A plural message is a Plural (its own slots `plural` and `n`, shadowing these defaults).
    __slots__ = ("msgid", "params")
    plural: str | None = None
    n: int | None = None

    def __new__(cls, msgid: str, params: Mapping[str, Any] | None = None,
                plural: str | None = None, n: int | None = None):
        self = object.__new__(Plural if plural is not None else cls)
        self.msgid = msgid
        self.params = params if params is not None else {}
        if plural is not None:
            self.plural = plural
            self.n = n
        return self

    # ------------------------------------------------------------------ wording

    def render(self, translate: Callable[[str], str] | None = None,
               plural: Callable[[str, str, int], str] | None = None) -> str:
        """The sentence: in the current language, or with the given gettext functions."""
        tr = translate or i18n.translate
        if self.plural is not None:
            pick = plural or i18n.ngettext
            template = pick(self.msgid, self.plural, int(self.n or 0))
            english = self.msgid if self.n == 1 else self.plural
        else:
            template = tr(self.msgid)
            english = self.msgid
        values = {k: _word(v, translate, plural) for k, v in self.params.items()}
        if self.n is not None and "n" not in values:
            values["n"] = self.n
        try:
            return i18n.fill(template, **values)
        except (KeyError, IndexError, ValueError):
            # A translation with a broken placeholder: the English sentence, never a crash.
            try:
                return english.format(**values)
            except (KeyError, IndexError, ValueError):
                return english

    def english(self) -> str:
        """The sentence in English whatever the language (hashes, bug reports)."""
        return self.render(_english, _english_plural)

    def format(self, **params: Any) -> Msg:
        """The same message with more parameters (a template filled in two places)."""
        return Msg(self.msgid, {**self.params, **params}, self.plural, self.n)

    def __add__(self, other: Any) -> Joined:
        return Joined((self, other))

    def __radd__(self, other: Any) -> Joined:
        return Joined((other, self))

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Msg({self.msgid!r}, {self.params!r})"

    # ------------------------------------------------------------------ value semantics

    def _key(self) -> tuple:
        return (self.msgid, self.plural, self.n, tuple(sorted((k, _hashable(v)) for k, v in self.params.items())))

    def __eq__(self, other: object) -> bool:
        # A message equals a plain string that reads the same (in the current language): the
        # one function that words a refusal may be compared with the text a player saw.
        if other.__class__ is str:
            return str(self) == other
        return isinstance(other, Msg) and other._key() == self._key()

    def __contains__(self, text: str) -> bool:
        return text in str(self)

    def __hash__(self) -> int:
        return hash(self._key())

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"msg": self.msgid}
        if self.params:
            data["params"] = {k: _param_json(v) for k, v in self.params.items()}
        if self.plural is not None:
            data["plural"] = self.plural
            data["n"] = self.n
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        """Inverse of to_json; ValueError names what is malformed."""
        msgid, params = data.get("msg"), data.get("params", {})
        plural, n = data.get("plural"), data.get("n")
        if not isinstance(msgid, str):
            raise ValueError(f"a message needs a text 'msg', got {msgid!r}")
        if not isinstance(params, dict):
            raise ValueError(f"message params must be an object, got {type(params).__name__}")
        if plural is not None and (not isinstance(plural, str) or not isinstance(n, int) or isinstance(n, bool)):
            raise ValueError("a plural message needs a text 'plural' and a whole number 'n'")
        extra = set(data) - {"msg", "params", "plural", "n"}
        if extra:
            raise ValueError(f"unknown message keys {sorted(extra)}")
        return cls(msgid, {str(k): _param_from_json(v) for k, v in params.items()}, plural, n)


Text = "str | Msg | Joined"


class Plural(Msg):
    """A message whose words depend on the number `n` (made by Mn or Msg(..., plural, n))."""

    __slots__ = ("plural", "n")


class Joined(_Reads):
    """Pieces worded one by one and joined (`msg + " (it stays)"`, a list of names with ", ")."""

    __slots__ = ("parts", "sep")

    def __init__(self, parts: tuple, sep: str = ""):
        self.parts = tuple(parts)
        self.sep = sep

    def render(self, translate: Callable[[str], str] | None = None,
               plural: Callable[[str, str, int], str] | None = None) -> str:
        sep = self.sep if self.sep.__class__ is str else str(_word(self.sep, translate, plural))
        return sep.join(str(_word(p, translate, plural)) for p in self.parts)

    def english(self) -> str:
        return self.render(_english, _english_plural)

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Joined({self.parts!r}, {self.sep!r})"

    def __add__(self, other: Any) -> Joined:
        return Joined((self, other))

    def __radd__(self, other: Any) -> Joined:
        return Joined((other, self))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is str:
            return str(self) == other
        return isinstance(other, Joined) and (other.parts, other.sep) == (self.parts, self.sep)

    def __contains__(self, text: str) -> bool:
        return text in str(self)

    def __hash__(self) -> int:
        return hash((_hashable(self.parts), self.sep))

    def to_json(self) -> dict[str, Any]:
        return {"join": [_param_json(p) for p in self.parts], "sep": _param_json(self.sep)}


class _Wrapped(Joined):
    """One piece worded and then reshaped (Clause, Sentence); its JSON form is `{KEY: piece}`."""

    __slots__ = ()
    KEY = ""

    def __init__(self, inner: Any):
        super().__init__((inner,), "")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is str:
            return str(self) == other
        return other.__class__ is self.__class__ and other.parts == self.parts

    def __hash__(self) -> int:
        return hash((self.KEY, _hashable(self.parts)))

    def to_json(self) -> dict[str, Any]:
        return {self.KEY: _param_json(self.parts[0])}


class Clause(_Wrapped):
    """A sentence used inside another: worded without its final full stop."""

    __slots__ = ()
    KEY = "clause"

    def render(self, translate: Callable[[str], str] | None = None,
               plural: Callable[[str, str, int], str] | None = None) -> str:
        return super().render(translate, plural).rstrip(".")


class Sentence(_Wrapped):
    """A clause made a sentence: worded with its first letter upper-cased and a full stop (a
    reason that is also used inside other sentences, e.g. an enemy's move as a log line)."""

    __slots__ = ()
    KEY = "sentence"

    def render(self, translate: Callable[[str], str] | None = None,
               plural: Callable[[str, str, int], str] | None = None) -> str:
        words = super().render(translate, plural)
        return i18n.first_capital(words) + "."


class Capitalised(_Wrapped):
    """A phrase used as a sentence's start: worded with its first letter in capitals (a check's
    'floor square 3,4 is in no area' shown as a line of its own)."""

    __slots__ = ()
    KEY = "capitalised"

    def render(self, translate: Callable[[str], str] | None = None,
               plural: Callable[[str, str, int], str] | None = None) -> str:
        return i18n.first_capital(super().render(translate, plural))


# The wrapped kinds by their JSON key (message_from_json), and every key that marks a text's
# JSON form.
_WRAPPED: dict[str, type[_Wrapped]] = {c.KEY: c for c in (Clause, Sentence, Capitalised)}
_TEXT_KEYS = frozenset({"msg", "join", "ref", *_WRAPPED})


# Every kind of engine text object (what a JSON copy of a state writes with `to_json()`).
TEXTS = (Msg, Ref, Joined)


def join(sep: str, parts: Any) -> Joined:
    """`sep.join(parts)` for parts that may be messages or names."""
    return Joined(tuple(parts), sep)


_new = object.__new__


def M(msgid: str, /, **params: Any) -> Msg:
    """A message: `M("{who} moves.", who=...)` (pybabel extracts the msgid). `M(text)` of a
    content text (its msgid is the text itself) may be handed a message already: kept as it is."""
    if msgid.__class__ is not str:
        return msgid.format(**params) if params and isinstance(msgid, Msg) else msgid
    if not params:  # a fixed sentence (a refusal asked of every candidate action): made once
        m = _FIXED.get(msgid)
        if m is not None:
            return m
    m = _new(Msg)
    m.msgid = msgid
    m.params = params
    if not params:
        _FIXED[msgid] = m
    return m


_FIXED: dict[str, Msg] = {}  # messages without parameters are values: one object per msgid


class Kept:
    """Messages kept per what decides their words (`kept(key, make, *args)` is `make(*args)`,
    made once per key): the labels a listing makes for every candidate, again and again, are
    handed out as the same objects. A session keeps every chosen action's label and every log
    line for the whole game, so sharing them means fewer objects alive for the garbage collector
    to walk, and no message made for a listing that repeats. Messages are never changed in place,
    so a shared one is safe; the key must hold everything the words depend on."""

    __slots__ = ("_kept", "bound")

    def __init__(self, bound: int = 50_000):
        self._kept: dict[Any, Any] = {}
        self.bound = bound

    def __call__(self, key: Any, make: Callable[..., Any], *args: Any) -> Any:
        got = self._kept.get(key)
        if got is None:
            if len(self._kept) >= self.bound:  # a long process (self-play): kept bounded
                self._kept.clear()
            got = self._kept[key] = make(*args)
        return got


def Mn(singular: str, plural: str, n: int, /, **params: Any) -> Msg:
    """A message whose words depend on the number `n` (also the {n} placeholder)."""
    return Msg(singular, params, plural, n)


def counted(n: int, singular: str, plural: str) -> Msg:
    """A number before a content name ('3 Zombies', '1 Guard'), worded as one plural message
    whose msgids are "{n} Zombie" and "{n} Zombies": each language writes the counted noun its own
    way (Hungarian keeps the singular after a number, '3 zombi'; Greek has its own plural). The
    names are data, so the title's extractor (game/i18n_extract.py) puts each pair in the
    catalogues; a title never builds a plural by adding an ending in code."""
    return Msg("{n} " + singular, {}, "{n} " + plural, n)


def decimal(value: float, places: int = 1) -> Msg:
    """A number with a fraction as the reader writes it: '1.7' in English, '1,7' in Hungarian
    and Greek (the catalogues' word for the message '{whole}.{fraction}'). The state and saves
    keep no floats: the message holds the two parts as text."""
    whole, _dot, fraction = f"{value:.{max(1, places)}f}".partition(".")
    return M("{whole}.{fraction}", whole=whole, fraction=fraction)


def as_text(value: Any) -> str:
    """The words for a message, a plain string, a message's JSON form or a Ref."""
    if value.__class__ is str:
        return value
    if isinstance(value, dict) and _TEXT_KEYS.intersection(value):
        try:
            return str(_param_from_json(value))
        except ValueError:
            return str(value.get("msg", ""))
    return str(value) if value is not None else ""


def english(value: Any) -> str:
    """as_text in English (whatever the current language)."""
    if value.__class__ is str:
        return value
    if isinstance(value, dict) and _TEXT_KEYS.intersection(value):
        value = _param_from_json(value)
    if isinstance(value, (Msg, Joined)):
        return value.english()
    if isinstance(value, Ref):
        return value.name(_english)
    return str(value)


def to_json(value: Any) -> Any:
    """A message as its JSON form, a plain string as itself (for saves and state)."""
    return value.to_json() if isinstance(value, (Msg, Joined, Ref)) else value


def message_from_json(data: Mapping[str, Any]) -> Msg | Joined:
    """A message (or joined pieces) from its JSON form; ValueError names what is malformed."""
    for key, wrapped in _WRAPPED.items():
        if key in data:
            if set(data) != {key}:
                raise ValueError(f"a {key} has only '{key}'")
            return wrapped(_param_from_json(data[key]))
    if "join" in data:
        parts, sep = data.get("join"), data.get("sep", "")
        if not isinstance(parts, list) or not isinstance(sep, (str, dict)) or set(data) - {"join", "sep"}:
            raise ValueError("joined text needs a list 'join' and a text 'sep'")
        return Joined(tuple(_param_from_json(p) for p in parts), _param_from_json(sep))
    return Msg.from_json(data)


def from_json(value: Any) -> Any:
    """Inverse of to_json: a message back from its JSON form, a plain string as itself."""
    if isinstance(value, dict):
        return _param_from_json(value)
    if isinstance(value, str) or isinstance(value, TEXTS):
        return value
    raise ValueError(f"a text must be a string or a message, got {type(value).__name__}")


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


class Number:
    """A number with a fraction, formatted as its reader writes it: `{p:.1f}` gives '29.2' in
    English and '29,2' in Hungarian and Greek (the separator is the catalogue's word for
    '{whole}.{fraction}', as `decimal` says it). A message's float parameter is worded so, and a
    table passes one to a translated template ('Health {n}: {p:.1f}% to kill it') that keeps its
    format spec: the attack preview showed '29.2%' in Greek."""

    __slots__ = ("value", "translate")

    def __init__(self, value: float, translate: Callable[[str], str] | None = None) -> None:
        self.value = value
        self.translate = translate

    def __format__(self, spec: str) -> str:
        text = format(self.value, spec)
        sep = (self.translate or i18n.translate)("{whole}.{fraction}").format(whole="", fraction="")
        return text.replace(".", sep) if sep and sep != "." else text

    def __str__(self) -> str:
        return format(self, "")


def number(value: float) -> Number:
    """`value` for a template's `{x:.2f}` or `{x:.0%}`, in the reader's decimal separator."""
    return Number(float(value))


def _word(value: Any, translate: Callable[[str], str] | None, plural: Callable | None) -> Any:
    """A parameter's words (None: in the current language)."""
    cls = value.__class__
    if cls is str or cls is int:
        return value
    if cls is float:
        return Number(value, translate)
    if cls is Ref:
        return value.name(translate)
    if cls is Msg or cls is Plural or cls is Joined or cls is Clause or cls is Sentence or cls is Capitalised:
        return value.render(translate, plural)
    return value


def _hashable(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    return value


def _param_json(value: Any) -> Any:
    if isinstance(value, (Msg, Ref, Joined)):
        return value.to_json()
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return value
    if value is None or isinstance(value, bool):
        return value
    return str(value)


def _param_from_json(value: Any) -> Any:
    # The shapes a save holds by the thousand (a load reads every event's message: issue 19)
    # are taken without the general checks, which give the same result for them.
    cls = value.__class__
    if cls is str or cls is int:
        return value
    if cls is dict:
        size = len(value)
        if size == 2:
            kind = value.get("ref")
            if kind is not None:
                key = value.get("id")
                if kind.__class__ is str and key.__class__ is str:
                    return Ref(kind, key)
            else:
                msgid, params = value.get("msg"), value.get("params")
                if msgid.__class__ is str and params.__class__ is dict:
                    return Msg(msgid, {k: _param_from_json(v) for k, v in params.items()})
        elif size == 1:
            msgid = value.get("msg")
            if msgid.__class__ is str:
                return Msg(msgid, {})
    if isinstance(value, dict):
        if "ref" in value:
            kind, key = value.get("ref"), value.get("id")
            if not isinstance(kind, str) or not isinstance(key, str):
                raise ValueError("a name reference needs a text 'ref' and 'id'")
            return Ref(kind, key)
        return message_from_json(value)
    if value is None or isinstance(value, (str, int, bool)):
        return value
    raise ValueError(f"a message parameter must be text, a number, a name or a message, got {type(value).__name__}")
