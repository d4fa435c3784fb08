/** Digests the domain needs that the JDK lacks. */
package org.walletstate.domain.digest;
