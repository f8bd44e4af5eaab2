"""Every test here gets its own data directory: the real one is never touched."""

from __future__ import annotations

import pytest

from hjerterfri.paths import ENV_DATA_DIR


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    d = tmp_path / "data"
    monkeypatch.setenv(ENV_DATA_DIR, str(d))
    return d
