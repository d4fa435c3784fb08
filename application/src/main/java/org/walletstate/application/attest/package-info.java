/** The attest use case. */
package org.walletstate.application.attest;
