"""spaCy's attribute ruler with its one-word rules looked up instead of matched.

en_core_web_sm's `attribute_ruler` maps tags to parts of speech and fixes exceptions with 179 rules. spaCy's
Matcher tries every rule at every token, and tests sets and exclusions ('LOWER IN [that, if, ...]', 'TAG NOT_IN
[TO]') in Python, which made the ruler cost as much as the parser. Most rules test one token: those are found
here by a dict lookup on the token's values (read as one array, with no Token objects made), their exclusions and
patterns checked on the few tokens the lookup returns; only the rules of several tokens, or of no plain value, go
through a Matcher. The matches are those the Matcher would find, sorted and applied as `AttributeRuler` applies
them (a later rule wins), so every token gets exactly the attributes the model's own ruler gives it.
"""

from __future__ import annotations

import re
from itertools import product
from operator import itemgetter

from spacy.language import Language
from spacy.matcher import Matcher
from spacy.pipeline import AttributeRuler
from spacy.tokens import Doc
from spacy.tokens._retokenize import set_token_attrs

# token attributes whose doc array holds the hash of the string a rule tests (or 0/1 for a flag)
ARRAY_ATTRS = frozenset(["TAG", "DEP", "LOWER", "ORTH", "IS_SPACE"])
CHECKS = frozenset(["NOT_IN", "REGEX"])  # tests run on the string of a token a lookup found
MAX_ALTERNATIVES = 256  # a rule spelled out into more plain-valued rules than this is left to the Matcher

Check = tuple[str, str, object]  # (attribute, NOT_IN or REGEX, excluded strings or compiled pattern)
PlacedCheck = tuple[int, str, object]  # the same, with the attribute's column in the doc's array


def _alternatives(token_pattern: dict) -> list[dict]:
    """{'TAG': 'VB', 'LOWER': {'IN': ['be', 'do']}} -> [{'TAG': 'VB', 'LOWER': 'be'}, {'TAG': 'VB', 'LOWER': 'do'}]."""
    choices = []
    for attr, value in token_pattern.items():
        if isinstance(value, dict) and set(value) == {"IN"} and all(isinstance(v, str) for v in value["IN"]):
            choices.append([(attr, v) for v in value["IN"]])
        else:
            choices.append([(attr, value)])
    return [dict(combination) for combination in product(*choices)]


def _lookup_form(pattern: list[dict]) -> list[tuple[dict, list[Check]]] | None:
    """A one-word rule as (plain values, checks) alternatives, or None when it needs the Matcher."""
    if len(pattern) != 1:
        return None
    alternatives = _alternatives(pattern[0])
    if len(alternatives) > MAX_ALTERNATIVES:
        return None
    forms = []
    for alt in alternatives:
        plain = {attr: value for attr, value in alt.items() if not isinstance(value, dict)}
        tests = {attr: value for attr, value in alt.items() if isinstance(value, dict)}
        if not plain or not set(alt) <= ARRAY_ATTRS or any(len(t) != 1 or not set(t) <= CHECKS for t in tests.values()):
            return None
        if not all(isinstance(value, (str, bool)) for value in plain.values()):
            return None
        checks: list[Check] = []
        for attr, test in tests.items():
            (kind, argument), = test.items()
            checks.append((attr, kind, frozenset(argument) if kind == "NOT_IN" else re.compile(argument)))
        forms.append((plain, checks))
    return forms


class IndexedAttributeRuler(AttributeRuler):
    """An AttributeRuler that finds one-word rules by lookup (see the module's docstring)."""

    def __init__(self, vocab, name: str = "attribute_ruler", **kwargs) -> None:
        super().__init__(vocab, name, **kwargs)
        self._index: tuple[list[str], list[tuple[itemgetter, dict]], Matcher] | None = None

    def add(self, patterns, attrs: dict, index: int = 0) -> None:
        super().add(patterns, attrs, index)
        self._index = None

    def clear(self) -> None:
        super().clear()
        self._index = None

    def _value_id(self, value: str | bool) -> int:
        return int(value) if isinstance(value, bool) else self.vocab.strings.add(value)

    def _build_index(self) -> tuple[list[str], list[tuple[itemgetter, dict]], Matcher]:
        """The attributes read; for each set of attributes some rule tests, a reader of their values from a row
        and {their values: [(rule id, checks)]}; and a Matcher of the rules no lookup can find."""
        columns = sorted(ARRAY_ATTRS)
        lookups: dict[tuple[int, ...], dict[int | tuple[int, ...], list[tuple[int, list[PlacedCheck]]]]] = {}
        rest = Matcher(self.vocab, validate=self.validate)
        for rule_id in range(len(self.attrs)):
            key = str(rule_id)
            for pattern in self.matcher.get(key)[1]:
                forms = _lookup_form(pattern)
                if forms is None:
                    rest.add(key, [pattern])
                    continue
                for plain, checks in forms:
                    tested = tuple(sorted(columns.index(attr) for attr in plain))
                    values = tuple(self._value_id(plain[columns[c]]) for c in tested)
                    found_by = values if len(values) > 1 else values[0]  # as itemgetter reads it from a row
                    placed = [(columns.index(attr), kind, argument) for attr, kind, argument in checks]
                    lookups.setdefault(tested, {}).setdefault(found_by, []).append((rule_id, placed))
        return columns, [(itemgetter(*tested), table) for tested, table in lookups.items()], rest

    def _passes(self, row: list[int], checks: list[PlacedCheck]) -> bool:
        """Whether a row's values pass a rule's NOT_IN and REGEX checks, each on the column of its attribute."""
        for column, kind, argument in checks:
            text = self.vocab.strings[row[column]] if row[column] else ""
            if (kind == "NOT_IN" and text in argument) or (kind == "REGEX" and not argument.search(text)):
                return False
        return True

    def match(self, doc: Doc) -> list[tuple[int, int, int, int]]:
        if self._index is None:
            self._index = self._build_index()
        columns, lookups, rest = self._index
        strings = self.vocab.strings
        matches = {(int(strings[m_id]), m_id, start, end)
                   for m_id, start, end in rest(doc, allow_missing=True, as_spans=False)}
        rows = doc.to_array(columns).tolist() if len(doc) else []
        for i, row in enumerate(rows):
            for read, table in lookups:
                for rule_id, checks in table.get(read(row), ()):
                    if not checks or self._passes(row, checks):
                        matches.add((rule_id, strings[str(rule_id)], i, i + 1))
        return sorted(matches)

    def set_annotations(self, doc: Doc, matches: list[tuple[int, int, int, int]]) -> None:
        """As AttributeRuler's, without making a Span for each of the doc's many matches."""
        for rule_id, _, start, end in matches:
            index = self.indices[rule_id]
            position = (start if index >= 0 else end) + index
            if not start <= position < end:
                raise ValueError(f"attribute rule {rule_id}: token {index} is outside its match of {end - start}")
            set_token_attrs(doc[position], self.attrs[rule_id])


@Language.factory("kg_attribute_ruler")
def make_attribute_ruler(nlp: Language, name: str) -> IndexedAttributeRuler:
    return IndexedAttributeRuler(nlp.vocab, name)


def index_attribute_rules(nlp: Language) -> None:
    """Replace the pipeline's attribute ruler (if any) by one with the same rules, found by lookup."""
    if "attribute_ruler" not in nlp.pipe_names:
        return
    rules = nlp.get_pipe("attribute_ruler").patterns
    ruler = nlp.replace_pipe("attribute_ruler", "kg_attribute_ruler")
    ruler.add_patterns(rules)
