"""Executes every notebook in this folder top to bottom, headless, and fails on any error.

The notebooks use the Python module `unhop` (install it with `pip install ./python`); run
this script with the Python that has it. Usage, from the repository root:

    python notebooks/run.py            executed copies go to target/notebooks/
    python notebooks/run.py --store    the notebooks are stored back here with their outputs

Prints 'N passed, N failed' and the time each notebook took.
"""
import pathlib
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

try:
    import unhop
except ImportError:
    sys.exit("the notebooks need the Python module: pip install ./python (then run this with that Python)")

root = pathlib.Path(__file__).resolve().parent.parent
store = "--store" in sys.argv[1:]
only = [a for a in sys.argv[1:] if not a.startswith("--")]
executed = root / "target" / "notebooks"
executed.mkdir(parents=True, exist_ok=True)
print(f"unhop module {unhop.__version__} from {pathlib.Path(unhop.__file__).parent}")
passed, failed = 0, 0
for path in sorted((root / "notebooks").glob("*.ipynb")):
    if only and path.stem not in only and path.name not in only:
        continue
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(root / "notebooks")}})
    started = time.monotonic()
    try:
        client.execute()
        errors = [o for cell in notebook.cells for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        if errors:
            raise RuntimeError(f"error output: {errors[0].get('ename')}: {errors[0].get('evalue')}")
        passed += 1
        print(f"notebook {path.name}: ok ({time.monotonic() - started:.1f} s)")
        if store:
            nbformat.write(notebook, path)
    except (CellExecutionError, RuntimeError) as err:
        failed += 1
        print(f"notebook {path.name}: FAILED\n{err}")
    nbformat.write(notebook, executed / path.name)
print(f"notebooks: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
