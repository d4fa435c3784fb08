/**
 * Chain reads as values. A condition names the {@link org.walletstate.domain.evm.read.EvmRead
 * reads} it needs; each read says which JSON-RPC {@link org.walletstate.domain.evm.read.EvmRequest
 * request} answers it and how to interpret the answer. A chain adapter executes the requests at one
 * pinned block and reports one {@link org.walletstate.domain.evm.read.ReadOutcome outcome} per
 * read. Equal reads are equal values, so one request's reads de-duplicate and batch per chain.
 */
package org.walletstate.domain.evm.read;
