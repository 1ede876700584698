"""The W3C Nu HTML checker (``vnu.jar``, from the npm package ``vnu-jar``, run
with Debian's Java): ``make vnu`` installs it under ``.vnu/``;
``CLUBTALLY_VNU_JAR`` names another copy.

``check(paths)`` runs it once over many files (one JVM start) and returns its
errors as ``"file:line: message"`` lines; warnings and info are not errors."""
import json
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VNU_JAR = Path(os.environ.get("CLUBTALLY_VNU_JAR") or ROOT / ".vnu/node_modules/vnu-jar/build/dist/vnu.jar")


def missing() -> str | None:
    """Why the checker cannot run here, or None."""
    if not shutil.which("java"):
        return "no java: apt-get install default-jre-headless (make vnu does it as root)"
    if not VNU_JAR.is_file():
        return f"no {VNU_JAR}: run `make vnu`"
    return None


def check(paths) -> list[str]:
    paths = [str(p) for p in paths]
    run = subprocess.run(["java", "-Xss4m", "-jar", str(VNU_JAR), "--format", "json", "--errors-only", *paths],
                         capture_output=True, text=True, timeout=300)
    messages = json.loads(run.stderr or run.stdout or '{"messages": []}')["messages"]
    errors = [f"{Path(m.get('url', '')).name}:{m.get('lastLine', '?')}: {m['message']}"
              for m in messages if m.get("type") == "error" or m.get("subType") == "fatal"]
    if run.returncode and not errors:
        errors.append(f"vnu exited {run.returncode}: {run.stderr[-500:]}")
    return errors
