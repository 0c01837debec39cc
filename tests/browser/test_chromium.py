"""The Chromium the browser tests launch: the samplers that crash a Pyodide page stay off."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

# What a browser session drawn for sampling gets (Chromium draws about 1 session in 100).
DRAWN_FOR_SAMPLING = (
    "--enable-features=HeapProfilerReporting:stable-probability/1.0,"
    "GwpAsanMalloc:ProcessSamplingProbability/1.0/ProcessSamplingBoost2/1,"
    "GwpAsanPartitionAlloc:ProcessSamplingProbability/1.0/ProcessSamplingBoost2/1"
)
SAMPLERS = [
    "HeapProfiling.InProcess.Enabled.Browser",
    "Security.GwpAsan.Activated.Malloc.Browser",
    "Security.GwpAsan.Activated.PartitionAlloc.Browser",
]


def test_no_allocation_sampler_runs_even_in_a_session_drawn_for_one(
    browser_type, browser_type_launch_args
):
    # In a drawn session these walk stacks by frame pointers, which crashes the renderer
    # when Python runs on a WebAssembly stack (seen as "Target crashed" in CI).
    launch = {**browser_type_launch_args}
    launch["args"] = [DRAWN_FOR_SAMPLING, *launch["args"]]
    browser = browser_type.launch(**launch)
    try:
        page = browser.new_page()
        page.goto("chrome://histograms/")
        text = page.inner_text("body")
    finally:
        browser.close()
    for name in SAMPLERS:
        found = re.search(
            rf"Histogram: {re.escape(name)} recorded \d+ samples?, mean = (\S+)", text
        )
        assert found, f"{name} is not recorded: has Chromium renamed it?"
        assert float(found.group(1)) == 0.0, f"{name} is on"
