/** An embedded PostgreSQL for local runs and tests on machines that name no database. */
package org.walletstate.adapters.persistence.embedded;
