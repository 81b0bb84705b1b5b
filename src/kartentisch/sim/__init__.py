"""Simulation: bot matches in bulk (local processes, or Ray), statistics and invariant soaks."""
