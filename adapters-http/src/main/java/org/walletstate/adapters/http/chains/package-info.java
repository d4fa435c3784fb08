/** Chain readers from configuration. */
package org.walletstate.adapters.http.chains;
