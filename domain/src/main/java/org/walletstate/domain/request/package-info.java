/** The raw shape of request bodies, on which the domain's parsers apply the interface's rules. */
package org.walletstate.domain.request;
