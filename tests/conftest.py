import pytest


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path, monkeypatch):
    """No test ever touches the real data directory."""
    monkeypatch.setenv("HJERTERFRI_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture(autouse=True)
def _no_system_language(monkeypatch):
    """The language is the preset's unless a test asks for the system's: the machine's own locale (an English
    one, say) would otherwise decide what every test reads."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")  # (UTF-8 still, for the programs the tests start)


@pytest.fixture
def small_budget(monkeypatch):
    """The coach's review on a budget small enough for a test: its figures, not their precision, are tested."""
    from hjerterfri.analysis import Budget
    from hjerterfri.tui.screens import review as review_screen

    monkeypatch.setattr(
        review_screen,
        "BUDGET",
        Budget(
            batch=6, select=2, measure=3, rounds=1, pass_select=(6, 6), pass_measure=12, explain=12, pass_explain=12
        ),
    )
