/** Ports out: what the use cases need from the world, in domain language. */
package org.walletstate.application.port.out;
