//! A plain, slow reference solver: the whole game graph and a fixpoint for cycles, kept beside
//! the fast search and tested to agree with it.
