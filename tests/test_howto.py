"""How-to-play data: every language has the same sections, bullets and pictures."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "static" / "app"))

from catalog import LANGUAGES
from howto import RULES, markers, parts, sections

KNOWN_MARKERS = {("gem", c) for c in "wbgrkypx"} | {("icon", "crown"), ("icon", "scroll")}


def test_both_games_in_every_language():
    assert set(RULES) == {"classic", "duel"}
    for game in RULES:
        assert set(RULES[game]) == set(LANGUAGES)


def test_languages_have_the_same_sections_shape_and_markers():
    for game, by_lang in RULES.items():
        english = by_lang["en"]
        for lang, secs in by_lang.items():
            assert len(secs) == len(english), (game, lang)
            for (heading, paras), (_, en_paras) in zip(secs, english, strict=True):
                assert heading.strip(), (game, lang)
                assert len(paras) == len(en_paras), (game, lang, heading)
                bullets = [p.startswith("- ") for p in paras]
                assert bullets == [p.startswith("- ") for p in en_paras], (game, lang, heading)
                assert sorted(markers(paras)) == sorted(markers(en_paras)), (game, lang, heading)


def test_paragraphs_are_non_empty_and_markers_known():
    for by_lang in RULES.values():
        for lang, secs in by_lang.items():
            for _, paras in secs:
                assert paras
                for p in paras:
                    assert p.strip(" -")
                    assert set(markers([p])) <= KNOWN_MARKERS
                    # no stray braces outside markers
                    text = "".join(x for x in parts(p) if isinstance(x, str))
                    assert "{" not in text and "}" not in text, (lang, p)


def test_persian_rules_use_persian_digits():
    for by_lang in RULES.values():
        for _, paras in by_lang["fa"]:
            for p in paras:
                assert not any(c in "0123456789" for c in p), p


def test_rules_state_the_key_numbers():
    classic = " ".join(" ".join(ps) for _, ps in sections("classic", "en"))
    for fact in ("15 points", "10 tokens", "at least 4", "3 reserved", "5 gold", "3 prestige"):
        assert fact in classic, fact
    duel = " ".join(" ".join(ps) for _, ps in sections("duel", "en"))
    for fact in ("20 prestige points", "10 crowns", "3 crowns", "5×5", "2 pearls", "3 gold"):
        assert fact in duel, fact


def test_parts_splits_text_and_markers_and_sections_fall_back():
    assert parts("Take {gem:y} and {icon:crown}.") == [
        "Take ",
        ("gem", "y"),
        " and ",
        ("icon", "crown"),
        ".",
    ]
    assert parts("plain") == ["plain"]
    assert sections("duel", "xx") == RULES["duel"]["en"]
