/**
 * The Ethereum Attestation Service as the service reads it: where EAS lives, the on-chain
 * attestation record, and the attestation data of the schemas the templates use.
 */
package org.walletstate.domain.evm.eas;
