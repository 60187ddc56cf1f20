"""Generator-neutral readers of figures in text (years, sizes, durations, counts and what they measure),
shared by the generators that compute answers from them (FRAMES, multihop manual limits)."""
