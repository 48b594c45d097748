//! Slow, readable reference implementation of the two-row rules (seed-by-seed sowing over a
//! plain vector), kept beside the bitpacked fast rules and tested to agree with them.
