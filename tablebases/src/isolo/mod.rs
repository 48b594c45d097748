//! The Isolo games: no tables; their planner ([`plan`]) solves the whole reachable graph
//! ([`mancala_solver::isolo::solve`]) or searches beneath it.

pub mod plan;
