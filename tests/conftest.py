import pytest


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path, monkeypatch):
    """No test ever touches the real data directory."""
    monkeypatch.setenv("HJERTERFRI_DATA_DIR", str(tmp_path / "data"))
