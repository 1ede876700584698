"""Run every benchmark script in this folder (``make bench``); each prints its own figures."""
import subprocess
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
status = 0
for script in sorted(here.glob("bench_*.py")):
    print(f"== {script.name}", flush=True)
    status |= subprocess.call([sys.executable, str(script)])
sys.exit(status)
