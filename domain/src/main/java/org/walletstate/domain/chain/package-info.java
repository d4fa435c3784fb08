/** The chains the service reads, their native assets, and what the interface allows on each. */
package org.walletstate.domain.chain;
