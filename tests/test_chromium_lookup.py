"""The browser tests find their Chromium: the environment variable wins, and must exist."""

from __future__ import annotations

import pytest

from tools import chromium


def test_environment_variable_overrides_the_lookup(monkeypatch, tmp_path):
    binary = tmp_path / "my-chromium"
    binary.write_text("")
    monkeypatch.setenv(chromium.ENV_VAR, str(binary))
    assert chromium.find_chromium() == str(binary)


def test_environment_variable_naming_a_missing_file_is_an_error(monkeypatch, tmp_path):
    monkeypatch.setenv(chromium.ENV_VAR, str(tmp_path / "nowhere"))
    with pytest.raises(FileNotFoundError, match=chromium.ENV_VAR):
        chromium.find_chromium()


def test_system_chromium_is_used_without_the_variable(monkeypatch, tmp_path):
    binary = tmp_path / "chromium"
    binary.write_text("")
    monkeypatch.delenv(chromium.ENV_VAR, raising=False)
    monkeypatch.setattr(chromium, "SYSTEM_CHROMIUM", binary)
    assert chromium.find_chromium() == str(binary)
