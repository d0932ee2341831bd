"""The port check behind `scripts/port_rmcp.py`: the README's swap applied to rmcp code, built and
run.
"""
