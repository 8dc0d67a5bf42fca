--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

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
    after_removed_by bigint,
    before_due_day bigint,
    before_due_at double precision,
    before_tags text,
    before_recurrence text,
    after_due_day bigint,
    after_due_at double precision,
    after_tags text,
    after_recurrence text
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
    due_day bigint,
    due_at double precision,
    tags text,
    recurrence text,
    changed_author text
);


--
-- Data for Name: meta; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.meta VALUES (1, 'tasks', 4, 2);


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
INSERT INTO tasks.step VALUES (15, 'alice', 'setDue', false, 1);
INSERT INTO tasks.step VALUES (16, 'alice', 'retag', false, 1);
INSERT INTO tasks.step VALUES (17, 'alice', 'setRecurrence', false, 1);
INSERT INTO tasks.step VALUES (19, 'alice', 'removeAll', true, 5);
INSERT INTO tasks.step VALUES (18, 'alice', 'create', true, 1);
INSERT INTO tasks.step VALUES (20, 'bob', 'toggleFavorite', false, 1);


--
-- Data for Name: step_task; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.step_task VALUES (1, 0, '01a2175d-a526-757d-8166-ce528c90ecac', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 4294967296, '\x427579206d696c6b', false, NULL, 1795688342.8224592, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (2, 0, '01a2175d-a529-776c-bdeb-5f6b34b68424', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 8589934592, '\x5061792072656e74', false, NULL, 1795688342.8252592, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (3, 0, '01a2175d-a529-776c-bdeb-5f6b34b68425', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 12884901888, '\x43616c6c206d6f6d', false, NULL, 1795688342.8257728, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (4, 0, '01a2175d-a529-776c-bdeb-5f6b34b68425', 3, 12884901888, '\x43616c6c206d6f6d', false, NULL, 1795688342.8257728, NULL, NULL, 12884901888, '\x43616c6c206d6f6d', true, NULL, 1795688342.8257728, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (5, 0, '01a2175d-a529-776c-bdeb-5f6b34b68424', 2, 8589934592, '\x5061792072656e74', false, NULL, 1795688342.8252592, NULL, NULL, 8589934592, '\x5061792072656e74', false, 1795688342.8603902, 1795688342.8252592, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (6, 0, '01a2175d-a554-71fe-ade7-dfb7e25d6291', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 17179869184, '\x57617465722074686520706c616e7473', false, NULL, 1795688342.8685756, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (7, 0, '01a2175d-a554-71fe-ade7-dfb7e25d6291', 6, 17179869184, '\x57617465722074686520706c616e7473', false, NULL, 1795688342.8685756, NULL, NULL, 0, '\x57617465722074686520706c616e7473', false, NULL, 1795688342.8685756, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (8, 0, '01a2175d-a526-757d-8166-ce528c90ecac', 1, 4294967296, '\x427579206d696c6b', false, NULL, 1795688342.8224592, NULL, NULL, 4294967296, '\x427579206f6174206d696c6b', false, NULL, 1795688342.8224592, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (9, 0, '01a2175d-a529-776c-bdeb-5f6b34b68424', 5, 8589934592, '\x5061792072656e74', false, 1795688342.8603902, 1795688342.8252592, NULL, NULL, 8589934592, '\x5061792072656e74', false, 1795688342.8603902, 1795688342.8252592, NULL, 9, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (11, 0, '01a2175d-a577-771d-baca-9ccdbc6af3f8', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 21474836480, '\x436166c3a920e2989520e697a5e69cac', false, NULL, 1795688342.9036868, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (12, 0, '01a2175d-a580-7082-aab0-b1e5ac53dcfe', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 25769803776, '\x52656e6577207468652070617373706f7274', false, NULL, 1795688342.9045198, '\x383a746f646f2e747874313a42', NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'errands @town', NULL);
INSERT INTO tasks.step_task VALUES (12, 1, '01a2175d-a580-7082-aab0-b1e5ac53dcff', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 30064771072, '\x52657475726e20746865206c69627261727920626f6f6b73', false, 1795132800, 1793491200, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (13, 0, '01a2175d-a577-771d-baca-9ccdbc6af3f8', 11, 21474836480, '\x436166c3a920e2989520e697a5e69cac', false, NULL, 1795688342.9036868, NULL, NULL, 21474836480, '\x436166c3a920e2989520e697a5e69cac', false, 1795688342.9163344, 1795688342.9036868, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (14, 0, '01a2175d-a577-771d-baca-9ccdbc6af3f8', 13, 21474836480, '\x436166c3a920e2989520e697a5e69cac', false, 1795688342.9163344, 1795688342.9036868, NULL, NULL, 21474836480, '\x436166c3a920e2989520e697a5e69cac', false, 1795688342.9163344, 1795688342.9036868, NULL, 14, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (14, 1, '01a2175d-a580-7082-aab0-b1e5ac53dcff', 12, 30064771072, '\x52657475726e20746865206c69627261727920626f6f6b73', false, 1795132800, 1793491200, NULL, NULL, 30064771072, '\x52657475726e20746865206c69627261727920626f6f6b73', false, 1795132800, 1793491200, NULL, 14, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (15, 0, '01a2175d-a554-71fe-ade7-dfb7e25d6291', 7, 0, '\x57617465722074686520706c616e7473', false, NULL, 1795688342.8685756, NULL, NULL, 0, '\x57617465722074686520706c616e7473', false, NULL, 1795688342.8685756, NULL, NULL, NULL, NULL, NULL, NULL, 47117, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (16, 0, '01a2175d-a526-757d-8166-ce528c90ecac', 8, 4294967296, '\x427579206f6174206d696c6b', false, NULL, 1795688342.8224592, NULL, NULL, 4294967296, '\x427579206f6174206d696c6b', false, NULL, 1795688342.8224592, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'shop', NULL);
INSERT INTO tasks.step_task VALUES (17, 0, '01a2175d-a554-71fe-ade7-dfb7e25d6291', 15, 0, '\x57617465722074686520706c616e7473', false, NULL, 1795688342.8685756, NULL, NULL, 0, '\x57617465722074686520706c616e7473', false, NULL, 1795688342.8685756, NULL, NULL, 47117, NULL, NULL, NULL, 47117, NULL, NULL, '1w');
INSERT INTO tasks.step_task VALUES (18, 0, '01a2175d-a58f-7466-8bd9-ef1d91f304aa', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 34359738368, '\x4c617374', false, NULL, 1795688342.9270856, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (19, 0, '01a2175d-a554-71fe-ade7-dfb7e25d6291', 17, 0, '\x57617465722074686520706c616e7473', false, NULL, 1795688342.8685756, NULL, NULL, 0, '\x57617465722074686520706c616e7473', false, NULL, 1795688342.8685756, NULL, 19, 47117, NULL, NULL, '1w', 47117, NULL, NULL, '1w');
INSERT INTO tasks.step_task VALUES (19, 1, '01a2175d-a526-757d-8166-ce528c90ecac', 16, 4294967296, '\x427579206f6174206d696c6b', false, NULL, 1795688342.8224592, NULL, NULL, 4294967296, '\x427579206f6174206d696c6b', false, NULL, 1795688342.8224592, NULL, 19, NULL, NULL, 'shop', NULL, NULL, NULL, 'shop', NULL);
INSERT INTO tasks.step_task VALUES (19, 2, '01a2175d-a529-776c-bdeb-5f6b34b68425', 4, 12884901888, '\x43616c6c206d6f6d', true, NULL, 1795688342.8257728, NULL, NULL, 12884901888, '\x43616c6c206d6f6d', true, NULL, 1795688342.8257728, NULL, 19, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (19, 3, '01a2175d-a580-7082-aab0-b1e5ac53dcfe', 12, 25769803776, '\x52656e6577207468652070617373706f7274', false, NULL, 1795688342.9045198, '\x383a746f646f2e747874313a42', NULL, 25769803776, '\x52656e6577207468652070617373706f7274', false, NULL, 1795688342.9045198, '\x383a746f646f2e747874313a42', 19, NULL, NULL, 'errands @town', NULL, NULL, NULL, 'errands @town', NULL);
INSERT INTO tasks.step_task VALUES (19, 4, '01a2175d-a58f-7466-8bd9-ef1d91f304aa', 18, 34359738368, '\x4c617374', false, NULL, 1795688342.9270856, NULL, NULL, 34359738368, '\x4c617374', false, NULL, 1795688342.9270856, NULL, 19, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (20, 0, '01a2175d-a554-71fe-ade7-dfb7e25d6291', 17, 0, '\x57617465722074686520706c616e7473', false, NULL, 1795688342.8685756, NULL, NULL, 0, '\x57617465722074686520706c616e7473', true, NULL, 1795688342.8685756, NULL, NULL, 47117, NULL, NULL, '1w', 47117, NULL, NULL, '1w');


--
-- Data for Name: task; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.task VALUES ('01a2175d-a529-776c-bdeb-5f6b34b68424', 8589934592, '\x5061792072656e74', false, 1795688342.8603902, 1795688342.8252592, 2, 9, 9, NULL, NULL, NULL, NULL, NULL, 'alice');
INSERT INTO tasks.task VALUES ('01a2175d-a580-7082-aab0-b1e5ac53dcff', 30064771072, '\x52657475726e20746865206c69627261727920626f6f6b73', false, 1795132800, 1793491200, 12, 14, 14, NULL, NULL, NULL, NULL, NULL, 'alice');
INSERT INTO tasks.task VALUES ('01a2175d-a577-771d-baca-9ccdbc6af3f8', 21474836480, '\x436166c3a920e2989520e697a5e69cac', false, 1795688342.9163344, 1795688342.9036868, 11, 14, 14, NULL, NULL, NULL, NULL, NULL, 'alice');
INSERT INTO tasks.task VALUES ('01a2175d-a526-757d-8166-ce528c90ecac', 4294967296, '\x427579206f6174206d696c6b', false, NULL, 1795688342.8224592, 1, 16, NULL, NULL, NULL, NULL, 'shop', NULL, 'alice');
INSERT INTO tasks.task VALUES ('01a2175d-a529-776c-bdeb-5f6b34b68425', 12884901888, '\x43616c6c206d6f6d', true, NULL, 1795688342.8257728, 3, 4, NULL, NULL, NULL, NULL, NULL, NULL, 'alice');
INSERT INTO tasks.task VALUES ('01a2175d-a580-7082-aab0-b1e5ac53dcfe', 25769803776, '\x52656e6577207468652070617373706f7274', false, NULL, 1795688342.9045198, 12, 12, NULL, '\x383a746f646f2e747874313a42', NULL, NULL, 'errands @town', NULL, 'alice');
INSERT INTO tasks.task VALUES ('01a2175d-a58f-7466-8bd9-ef1d91f304aa', 34359738368, '\x4c617374', false, NULL, 1795688342.9270856, 18, NULL, 18, NULL, NULL, NULL, NULL, NULL, 'alice');
INSERT INTO tasks.task VALUES ('01a2175d-a554-71fe-ade7-dfb7e25d6291', 0, '\x57617465722074686520706c616e7473', true, NULL, 1795688342.8685756, 6, 20, NULL, NULL, 47117, NULL, NULL, '1w', 'bob');


--
-- Name: step_number; Type: SEQUENCE SET; Schema: tasks; Owner: -
--

SELECT pg_catalog.setval('tasks.step_number', 20, true);


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


