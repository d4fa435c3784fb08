/** The attest feature over HTTP: {@code POST /v1/attest} and the compliance templates. */
package org.walletstate.adapters.http.attest;
