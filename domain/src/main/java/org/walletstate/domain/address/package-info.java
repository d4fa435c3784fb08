/** Account addresses of the supported chain families, each validated on construction. */
package org.walletstate.domain.address;
