//! `mancala bench`: the search's signature ([`signature`]), whose node count changes whenever
//! the search's course does, and the speed of each engine ([`engines`]), with their shapes.

pub mod engines;
pub mod json;
pub mod signature;
mod text;
