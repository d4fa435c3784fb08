/**
 * The delegation framework's root delegations (ERC-7710) as the service checks them: the EIP-712
 * delegation hash and digest exactly as the framework's {@code EncoderLib} and {@code
 * DelegationManager} compute them, the recognized managers on Base and the storage slot of their
 * {@code disabledDelegations} mapping, and the recognized caveat enforcers with the decoding of
 * their terms.
 */
package org.walletstate.domain.evm.delegation;
