"""What the tools share and the rules never need: seating and legends for the
screen, offers, progress bars, pools of workers, the Ray backend, records of
simulated matches and the terminal session. It reaches the engine through the
public API only."""
