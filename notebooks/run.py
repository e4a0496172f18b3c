"""Executes every notebook in this folder top to bottom, headless, and fails on any error.

Usage: python3 notebooks/run.py   (from the repository root, after building unhop; UNHOP may
name the binary). Executed copies go to target/notebooks/. Prints 'N passed, N failed'.
"""
import pathlib
import sys

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

root = pathlib.Path(__file__).resolve().parent.parent
executed = root / "target" / "notebooks"
executed.mkdir(parents=True, exist_ok=True)
passed, failed = 0, 0
for path in sorted((root / "notebooks").glob("*.ipynb")):
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(root)}})
    try:
        client.execute()
        errors = [o for cell in notebook.cells for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        if errors:
            raise RuntimeError(f"error output: {errors[0].get('ename')}: {errors[0].get('evalue')}")
        passed += 1
        print(f"notebook {path.name}: ok")
    except (CellExecutionError, RuntimeError) as err:
        failed += 1
        print(f"notebook {path.name}: FAILED\n{err}")
    nbformat.write(notebook, executed / path.name)
print(f"notebooks: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
