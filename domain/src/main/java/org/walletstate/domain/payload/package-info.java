/** The value model of signed statements: ordered, exact, free of any serializer. */
package org.walletstate.domain.payload;
