"""Deals per minute of the arena on this machine (``--jobs``) and through a local Dask cluster of as many workers.

A scheduler and ``--workers`` single-threaded worker processes are started on the loopback address (as the
README starts them on several machines); then the same arena command runs locally with ``--jobs N`` and
through the cluster with ``--scheduler``, in turn, ``--repeats`` times, so that a busy machine slows both
alike. The figures must agree (the same seed); the throughput is the deals over the arena's own seconds.

    pip install -e '.[cluster]'
    python benchmarks/arena_throughput.py --seats middel,middel,middel,middel --deals 200 [--workers 2] [--repeats 3]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def arena(argv: list[str], out: Path) -> dict:
    """Run ``hjerterfri arena`` with ``argv`` and return its figures."""
    out.unlink(missing_ok=True)
    subprocess.run(
        [sys.executable, "-m", "hjerterfri", "arena", *argv, "--json", str(out)], check=True, stdout=subprocess.DEVNULL
    )
    return json.loads(out.read_text().splitlines()[-1])["figures"]


def comparable(fig: dict) -> dict:
    """The figures without the clock's."""
    return {k: v for k, v in fig.items() if k not in ("seconds", "types")} | {
        t: {k: v for k, v in f.items() if "_ms_" not in k} for t, f in fig["types"].items()
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seats", default="middel,middel,middel,middel")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2, help="worker processes, and --jobs for the local run")
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args(argv)
    address = f"tcp://127.0.0.1:{free_port()}"
    dask = Path(sys.executable).with_name("dask")
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env}
    port = address.rsplit(":", 1)[1]
    scheduler = subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", port, "--no-dashboard"], **quiet)
    workers = subprocess.Popen(
        [
            dask,
            "worker",
            address,
            "--nworkers",
            str(args.workers),
            "--nthreads",
            "1",
            "--host",
            "127.0.0.1",
            "--no-dashboard",
        ],
        **quiet,
    )
    common = ["--seats", args.seats, "--deals", str(args.deals), "--seed", str(args.seed)]
    rates: dict[str, list[float]] = {"local": [], "cluster": []}
    try:
        time.sleep(5)  # the workers join the scheduler
        with tempfile.TemporaryDirectory() as tmp:
            figures = {}
            for _ in range(args.repeats):
                for where, extra in (("local", ["--jobs", str(args.workers)]), ("cluster", ["--scheduler", address])):
                    fig = arena(common + extra, Path(tmp) / f"{where}.jsonl")
                    rates[where].append(args.deals / fig["seconds"] * 60)
                    figures[where] = comparable(fig)
                    print(f"{where:8} {fig['seconds']:8.1f} s  {rates[where][-1]:8.1f} deals/min", flush=True)
            if figures["local"] != figures["cluster"]:  # svær's wall-clock safety net may cut a search short
                print("the last cluster run's figures differ from the last local run's", flush=True)
    finally:
        workers.terminate()
        scheduler.terminate()
        workers.wait()
        scheduler.wait()
    print(
        f"{args.seats}, {args.deals} deals, seed {args.seed}, "
        f"{args.workers} jobs or workers; medians of {args.repeats}:"
    )
    for where, xs in rates.items():
        print(f"  {where:8} {statistics.median(xs):8.1f} deals/min  (runs: {', '.join(f'{x:.1f}' for x in xs)})")
    print(f"  cluster / local: {statistics.median(rates['cluster']) / statistics.median(rates['local']):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
