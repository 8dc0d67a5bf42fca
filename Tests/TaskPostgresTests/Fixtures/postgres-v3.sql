--
-- PostgreSQL database dump
--


-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: tasks; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA tasks;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: meta; Type: TABLE; Schema: tasks; Owner: -
--

CREATE TABLE tasks.meta (
    id integer NOT NULL,
    application text NOT NULL,
    version integer NOT NULL,
    list_version bigint NOT NULL,
    CONSTRAINT meta_id_check CHECK ((id = 1))
);


--
-- Name: step; Type: TABLE; Schema: tasks; Owner: -
--

CREATE TABLE tasks.step (
    id bigint NOT NULL,
    author text NOT NULL,
    kind text NOT NULL,
    undone boolean DEFAULT false NOT NULL,
    task_count integer NOT NULL
);


--
-- Name: step_number; Type: SEQUENCE; Schema: tasks; Owner: -
--

CREATE SEQUENCE tasks.step_number
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: step_task; Type: TABLE; Schema: tasks; Owner: -
--

CREATE TABLE tasks.step_task (
    step bigint NOT NULL,
    ordinal integer NOT NULL,
    task uuid NOT NULL,
    previous_change bigint,
    before_position bigint,
    before_text bytea,
    before_favorite boolean,
    before_done double precision,
    before_created_at double precision,
    before_foreign bytea,
    before_removed_by bigint,
    after_position bigint,
    after_text bytea,
    after_favorite boolean,
    after_done double precision,
    after_created_at double precision,
    after_foreign bytea,
    after_removed_by bigint
);


--
-- Name: task; Type: TABLE; Schema: tasks; Owner: -
--

CREATE TABLE tasks.task (
    uuid uuid NOT NULL,
    "position" bigint NOT NULL,
    text bytea NOT NULL,
    is_favorite boolean DEFAULT false NOT NULL,
    done_at double precision,
    created_at double precision NOT NULL,
    created_by bigint NOT NULL,
    changed_by bigint,
    removed_by bigint,
    foreign_fields bytea,
    changed_author text
);


--
-- Data for Name: meta; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.meta VALUES (1, 'tasks', 3, 2);


--
-- Data for Name: step; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.step VALUES (1, 'alice', 'create', false, 1);
INSERT INTO tasks.step VALUES (2, 'alice', 'create', false, 1);
INSERT INTO tasks.step VALUES (3, 'alice', 'create', false, 1);
INSERT INTO tasks.step VALUES (4, 'alice', 'toggleFavorite', false, 1);
INSERT INTO tasks.step VALUES (5, 'alice', 'toggleDone', false, 1);
INSERT INTO tasks.step VALUES (6, 'alice', 'create', false, 1);
INSERT INTO tasks.step VALUES (7, 'alice', 'move', false, 1);
INSERT INTO tasks.step VALUES (8, 'alice', 'edit', false, 1);
INSERT INTO tasks.step VALUES (9, 'alice', 'remove', false, 1);
INSERT INTO tasks.step VALUES (11, 'alice', 'create', false, 1);
INSERT INTO tasks.step VALUES (12, 'alice', 'importTasks', false, 2);
INSERT INTO tasks.step VALUES (13, 'alice', 'toggleDone', false, 1);
INSERT INTO tasks.step VALUES (14, 'alice', 'removeDone', false, 2);
INSERT INTO tasks.step VALUES (16, 'alice', 'removeAll', true, 5);
INSERT INTO tasks.step VALUES (15, 'alice', 'create', true, 1);
INSERT INTO tasks.step VALUES (17, 'bob', 'toggleFavorite', false, 1);


--
-- Data for Name: step_task; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.step_task VALUES (1, 0, '01a213d9-66ff-77d8-9759-352950b7e7d2', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 4294967296, '\x427579206d696c6b', false, NULL, 1795629344.5117712, NULL, NULL);
INSERT INTO tasks.step_task VALUES (2, 0, '01a213d9-6700-76e9-bf02-bcc159197a43', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 8589934592, '\x5061792072656e74', false, NULL, 1795629344.5126233, NULL, NULL);
INSERT INTO tasks.step_task VALUES (3, 0, '01a213d9-6700-76e9-bf02-bcc159197a44', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 12884901888, '\x43616c6c206d6f6d', false, NULL, 1795629344.5129516, NULL, NULL);
INSERT INTO tasks.step_task VALUES (4, 0, '01a213d9-6700-76e9-bf02-bcc159197a44', 3, 12884901888, '\x43616c6c206d6f6d', false, NULL, 1795629344.5129516, NULL, NULL, 12884901888, '\x43616c6c206d6f6d', true, NULL, 1795629344.5129516, NULL, NULL);
INSERT INTO tasks.step_task VALUES (5, 0, '01a213d9-6700-76e9-bf02-bcc159197a43', 2, 8589934592, '\x5061792072656e74', false, NULL, 1795629344.5126233, NULL, NULL, 8589934592, '\x5061792072656e74', false, 1795629344.5147777, 1795629344.5126233, NULL, NULL);
INSERT INTO tasks.step_task VALUES (6, 0, '01a213d9-6703-726f-8971-45e113feef4b', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 17179869184, '\x57617465722074686520706c616e7473', false, NULL, 1795629344.5156727, NULL, NULL);
INSERT INTO tasks.step_task VALUES (7, 0, '01a213d9-6703-726f-8971-45e113feef4b', 6, 17179869184, '\x57617465722074686520706c616e7473', false, NULL, 1795629344.5156727, NULL, NULL, 0, '\x57617465722074686520706c616e7473', false, NULL, 1795629344.5156727, NULL, NULL);
INSERT INTO tasks.step_task VALUES (8, 0, '01a213d9-66ff-77d8-9759-352950b7e7d2', 1, 4294967296, '\x427579206d696c6b', false, NULL, 1795629344.5117712, NULL, NULL, 4294967296, '\x427579206f6174206d696c6b', false, NULL, 1795629344.5117712, NULL, NULL);
INSERT INTO tasks.step_task VALUES (9, 0, '01a213d9-6700-76e9-bf02-bcc159197a43', 5, 8589934592, '\x5061792072656e74', false, 1795629344.5147777, 1795629344.5126233, NULL, NULL, 8589934592, '\x5061792072656e74', false, 1795629344.5147777, 1795629344.5126233, NULL, 9);
INSERT INTO tasks.step_task VALUES (11, 0, '01a213d9-6707-7519-a577-f80371476718', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 21474836480, '\x436166c3a920e2989520e697a5e69cac', false, NULL, 1795629344.5196571, NULL, NULL);
INSERT INTO tasks.step_task VALUES (12, 0, '01a213d9-6708-77cc-8af8-fce60f8cf277', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 25769803776, '\x52656e6577207468652070617373706f7274202b657272616e64732040746f776e', false, NULL, 1795629344.520534, '\x383a746f646f2e747874313a42', NULL);
INSERT INTO tasks.step_task VALUES (12, 1, '01a213d9-6708-77cc-8af8-fce60f8cf278', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 30064771072, '\x52657475726e20746865206c69627261727920626f6f6b73', false, 1795132800, 1793491200, NULL, NULL);
INSERT INTO tasks.step_task VALUES (13, 0, '01a213d9-6707-7519-a577-f80371476718', 11, 21474836480, '\x436166c3a920e2989520e697a5e69cac', false, NULL, 1795629344.5196571, NULL, NULL, 21474836480, '\x436166c3a920e2989520e697a5e69cac', false, 1795629344.5218778, 1795629344.5196571, NULL, NULL);
INSERT INTO tasks.step_task VALUES (14, 0, '01a213d9-6707-7519-a577-f80371476718', 13, 21474836480, '\x436166c3a920e2989520e697a5e69cac', false, 1795629344.5218778, 1795629344.5196571, NULL, NULL, 21474836480, '\x436166c3a920e2989520e697a5e69cac', false, 1795629344.5218778, 1795629344.5196571, NULL, 14);
INSERT INTO tasks.step_task VALUES (14, 1, '01a213d9-6708-77cc-8af8-fce60f8cf278', 12, 30064771072, '\x52657475726e20746865206c69627261727920626f6f6b73', false, 1795132800, 1793491200, NULL, NULL, 30064771072, '\x52657475726e20746865206c69627261727920626f6f6b73', false, 1795132800, 1793491200, NULL, 14);
INSERT INTO tasks.step_task VALUES (15, 0, '01a213d9-670a-7244-a869-4a94e6314bc4', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 34359738368, '\x4c617374', false, NULL, 1795629344.5229974, NULL, NULL);
INSERT INTO tasks.step_task VALUES (16, 0, '01a213d9-6703-726f-8971-45e113feef4b', 7, 0, '\x57617465722074686520706c616e7473', false, NULL, 1795629344.5156727, NULL, NULL, 0, '\x57617465722074686520706c616e7473', false, NULL, 1795629344.5156727, NULL, 16);
INSERT INTO tasks.step_task VALUES (16, 1, '01a213d9-66ff-77d8-9759-352950b7e7d2', 8, 4294967296, '\x427579206f6174206d696c6b', false, NULL, 1795629344.5117712, NULL, NULL, 4294967296, '\x427579206f6174206d696c6b', false, NULL, 1795629344.5117712, NULL, 16);
INSERT INTO tasks.step_task VALUES (16, 2, '01a213d9-6700-76e9-bf02-bcc159197a44', 4, 12884901888, '\x43616c6c206d6f6d', true, NULL, 1795629344.5129516, NULL, NULL, 12884901888, '\x43616c6c206d6f6d', true, NULL, 1795629344.5129516, NULL, 16);
INSERT INTO tasks.step_task VALUES (16, 3, '01a213d9-6708-77cc-8af8-fce60f8cf277', 12, 25769803776, '\x52656e6577207468652070617373706f7274202b657272616e64732040746f776e', false, NULL, 1795629344.520534, '\x383a746f646f2e747874313a42', NULL, 25769803776, '\x52656e6577207468652070617373706f7274202b657272616e64732040746f776e', false, NULL, 1795629344.520534, '\x383a746f646f2e747874313a42', 16);
INSERT INTO tasks.step_task VALUES (16, 4, '01a213d9-670a-7244-a869-4a94e6314bc4', 15, 34359738368, '\x4c617374', false, NULL, 1795629344.5229974, NULL, NULL, 34359738368, '\x4c617374', false, NULL, 1795629344.5229974, NULL, 16);
INSERT INTO tasks.step_task VALUES (17, 0, '01a213d9-6703-726f-8971-45e113feef4b', 7, 0, '\x57617465722074686520706c616e7473', false, NULL, 1795629344.5156727, NULL, NULL, 0, '\x57617465722074686520706c616e7473', true, NULL, 1795629344.5156727, NULL, NULL);


--
-- Data for Name: task; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.task VALUES ('01a213d9-6700-76e9-bf02-bcc159197a43', 8589934592, '\x5061792072656e74', false, 1795629344.5147777, 1795629344.5126233, 2, 9, 9, NULL, 'alice');
INSERT INTO tasks.task VALUES ('01a213d9-6707-7519-a577-f80371476718', 21474836480, '\x436166c3a920e2989520e697a5e69cac', false, 1795629344.5218778, 1795629344.5196571, 11, 14, 14, NULL, 'alice');
INSERT INTO tasks.task VALUES ('01a213d9-6708-77cc-8af8-fce60f8cf278', 30064771072, '\x52657475726e20746865206c69627261727920626f6f6b73', false, 1795132800, 1793491200, 12, 14, 14, NULL, 'alice');
INSERT INTO tasks.task VALUES ('01a213d9-66ff-77d8-9759-352950b7e7d2', 4294967296, '\x427579206f6174206d696c6b', false, NULL, 1795629344.5117712, 1, 8, NULL, NULL, 'alice');
INSERT INTO tasks.task VALUES ('01a213d9-6700-76e9-bf02-bcc159197a44', 12884901888, '\x43616c6c206d6f6d', true, NULL, 1795629344.5129516, 3, 4, NULL, NULL, 'alice');
INSERT INTO tasks.task VALUES ('01a213d9-6708-77cc-8af8-fce60f8cf277', 25769803776, '\x52656e6577207468652070617373706f7274202b657272616e64732040746f776e', false, NULL, 1795629344.520534, 12, 12, NULL, '\x383a746f646f2e747874313a42', 'alice');
INSERT INTO tasks.task VALUES ('01a213d9-670a-7244-a869-4a94e6314bc4', 34359738368, '\x4c617374', false, NULL, 1795629344.5229974, 15, NULL, 15, NULL, 'alice');
INSERT INTO tasks.task VALUES ('01a213d9-6703-726f-8971-45e113feef4b', 0, '\x57617465722074686520706c616e7473', true, NULL, 1795629344.5156727, 6, 17, NULL, NULL, 'bob');


--
-- Name: step_number; Type: SEQUENCE SET; Schema: tasks; Owner: -
--

SELECT pg_catalog.setval('tasks.step_number', 17, true);


--
-- Name: meta meta_pkey; Type: CONSTRAINT; Schema: tasks; Owner: -
--

ALTER TABLE ONLY tasks.meta
    ADD CONSTRAINT meta_pkey PRIMARY KEY (id);


--
-- Name: step step_pkey; Type: CONSTRAINT; Schema: tasks; Owner: -
--

ALTER TABLE ONLY tasks.step
    ADD CONSTRAINT step_pkey PRIMARY KEY (id);


--
-- Name: step_task step_task_pkey; Type: CONSTRAINT; Schema: tasks; Owner: -
--

ALTER TABLE ONLY tasks.step_task
    ADD CONSTRAINT step_task_pkey PRIMARY KEY (step, ordinal);


--
-- Name: task task_pkey; Type: CONSTRAINT; Schema: tasks; Owner: -
--

ALTER TABLE ONLY tasks.task
    ADD CONSTRAINT task_pkey PRIMARY KEY (uuid);


--
-- Name: task task_position; Type: CONSTRAINT; Schema: tasks; Owner: -
--

ALTER TABLE ONLY tasks.task
    ADD CONSTRAINT task_position UNIQUE ("position") DEFERRABLE;


--
-- Name: step_author; Type: INDEX; Schema: tasks; Owner: -
--

CREATE INDEX step_author ON tasks.step USING btree (author, id);


--
-- Name: task_removed_by; Type: INDEX; Schema: tasks; Owner: -
--

CREATE INDEX task_removed_by ON tasks.task USING btree (removed_by) WHERE (removed_by IS NOT NULL);


--
-- PostgreSQL database dump complete
--


