/** The signer's public keys, as third parties fetch them to verify signed statements. */
package org.walletstate.application.signing;
