"""The server's settings from the environment: every field by ``TRICKTAKER_<FIELD>``."""

from __future__ import annotations

import pytest

from tricktaker.server.config import Settings


def test_every_setting_is_read_from_the_environment_as_its_type(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TRICKTAKER_TABLES_PER_MINUTE", "500")
    monkeypatch.setenv("TRICKTAKER_BOT_DELAY", "0.25")
    monkeypatch.setenv("TRICKTAKER_DATABASE_URL", "sqlite:///x.db")
    settings = Settings.from_env()
    assert settings.tables_per_minute == 500
    assert settings.bot_delay == 0.25
    assert settings.database_url == "sqlite:///x.db"


def test_an_option_given_wins_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRICKTAKER_BOT_DELAY", "3")
    assert Settings.from_env(bot_delay=0.0).bot_delay == 0.0


def test_a_value_not_of_its_type_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRICKTAKER_SOCKETS_PER_ADDRESS", "many")
    with pytest.raises(ValueError, match="TRICKTAKER_SOCKETS_PER_ADDRESS"):
        Settings.from_env()
