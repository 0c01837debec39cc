"""The browser layer: the only code that imports `pyscript` or `js`. Kept thin; the rules live
in the `splendor` package. Shipped to the browser inside static/build/python.zip."""
