/** The response envelopes of the interface. */
package org.walletstate.adapters.http.envelope;
