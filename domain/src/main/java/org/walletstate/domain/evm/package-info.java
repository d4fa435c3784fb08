/**
 * The EVM's own vocabulary, as pure functions: byte strings, 32-byte words, function signatures and
 * selectors, the contract ABI encoding of calls and the strict decoding of what they return, and
 * the classification of account code (EIP-7702 designators).
 */
package org.walletstate.domain.evm;
