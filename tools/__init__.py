"""Developer tools: site build, static server, Chromium lookup, page benchmark."""
